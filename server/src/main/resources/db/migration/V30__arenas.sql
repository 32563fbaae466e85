-- Arena tournaments (lichess's drop-in format): a time window in which joined players are paired
-- as soon as two are free, each won match scoring 2 points (4 from the third win in a row on).
-- Everything lives here, so that two server processes pair the same arena once (the arena's row
-- is locked by the pairing's first UPDATE) and a restart loses nothing. Its version moves with every
-- change of its standings or games: what each process's feed watches to push them.
CREATE TABLE arenas (
    id            VARCHAR(32)   PRIMARY KEY,
    name          VARCHAR(80)   NOT NULL,
    host_id       VARCHAR(40),
    host_name     VARCHAR(40)   NOT NULL,
    rules         VARCHAR(40)   NOT NULL,
    match_length  INTEGER       NOT NULL,
    time_control  VARCHAR(16)   NOT NULL,
    starts_at     BIGINT        NOT NULL,
    ends_at       BIGINT        NOT NULL,
    listed        INTEGER       NOT NULL,
    pairings      INTEGER       NOT NULL DEFAULT 0,
    version       INTEGER       NOT NULL DEFAULT 0,
    created_at    BIGINT        NOT NULL
);
CREATE INDEX arenas_ends ON arenas (listed, ends_at);

-- A player of an arena: joined (0 once it left; its points stay), its points and current streak,
-- the hash of the seat token its browser holds for every game of the arena, and when its page last
-- said it was there (only players present are paired).
CREATE TABLE arena_players (
    arena_id     VARCHAR(32)  NOT NULL,
    player_id    VARCHAR(40)  NOT NULL,
    name         VARCHAR(40)  NOT NULL,
    joined       INTEGER      NOT NULL,
    points       INTEGER      NOT NULL DEFAULT 0,
    streak       INTEGER      NOT NULL DEFAULT 0,
    wins         INTEGER      NOT NULL DEFAULT 0,
    games        INTEGER      NOT NULL DEFAULT 0,
    rating       DOUBLE PRECISION NOT NULL,
    token_hash   VARCHAR(64)  NOT NULL,
    last_opponent VARCHAR(40),
    joined_at    BIGINT       NOT NULL,
    seen_at      BIGINT       NOT NULL,
    PRIMARY KEY (arena_id, player_id)
);

-- The games of an arena, in the order they were paired; winner set (and points counted) in the
-- transaction that stores the match's end.
CREATE TABLE arena_games (
    game_id      VARCHAR(32)  PRIMARY KEY,
    arena_id     VARCHAR(32)  NOT NULL,
    white_id     VARCHAR(40)  NOT NULL,
    black_id     VARCHAR(40)  NOT NULL,
    white_name   VARCHAR(40)  NOT NULL,
    black_name   VARCHAR(40)  NOT NULL,
    winner       VARCHAR(8),
    white_points INTEGER      NOT NULL DEFAULT 0,
    black_points INTEGER      NOT NULL DEFAULT 0,
    paired_at    BIGINT       NOT NULL
);
CREATE INDEX arena_games_arena ON arena_games (arena_id, paired_at);
