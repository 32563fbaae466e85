-- Every game (a match of one or more games) with its record, the source of truth: the server
-- replays the record to rebuild a game after a restart. Seat tokens are stored as SHA-256
-- hashes; the dice seed stays secret until the match ends (only its hash is published).
CREATE TABLE games (
    id            VARCHAR(32)  PRIMARY KEY,
    rules         VARCHAR(200) NOT NULL,
    match_length  INTEGER      NOT NULL,
    white_kind    VARCHAR(16)  NOT NULL,
    black_kind    VARCHAR(16)  NOT NULL,
    level         VARCHAR(32),
    white_token   VARCHAR(64)  NOT NULL,
    black_token   VARCHAR(64)  NOT NULL,
    seed          BIGINT       NOT NULL,
    seed_hash     VARCHAR(64)  NOT NULL,
    record        TEXT         NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    version       INTEGER      NOT NULL,
    created_at    BIGINT       NOT NULL,
    updated_at    BIGINT       NOT NULL
);

CREATE INDEX games_white_token ON games (white_token);
CREATE INDEX games_black_token ON games (black_token);
CREATE INDEX games_status ON games (status);

-- Every accepted action, in order: what was done to reach each version of the record.
CREATE TABLE actions (
    game_id     VARCHAR(32)  NOT NULL,
    version     INTEGER      NOT NULL,
    side        VARCHAR(8),
    action      TEXT         NOT NULL,
    created_at  BIGINT       NOT NULL,
    PRIMARY KEY (game_id, version)
);
