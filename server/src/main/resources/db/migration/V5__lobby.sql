-- How each game is timed, in TimeControl's one text form ("12+120": 12 s free a move, then 2 min
-- of reserve a match point; or "untimed"). Read by the clock; games made before clocks are untimed.
ALTER TABLE games ADD COLUMN time_control VARCHAR(16) NOT NULL DEFAULT 'untimed';

-- What players ask the lobby for, until it becomes a game: an open challenge listed to everyone
-- (kind 'open'), a direct challenge of one player (kind 'direct', target set), or a place in
-- quick pairing (kind 'pool', paired by the server, never listed). Stored so that a challenge
-- survives a restart and is seen and taken on every server process. A request is taken once:
-- the game made for it is written into game_id by an UPDATE ... WHERE game_id IS NULL in the
-- same transaction as the game, so two players accepting at once make one game. The poster's
-- seat token is made when the request is posted and handed to the poster then; only its hash
-- is kept here, and it becomes the seat's when the game is made.
CREATE TABLE seeks (
    id            VARCHAR(32)  PRIMARY KEY,
    kind          VARCHAR(8)   NOT NULL,
    poster        VARCHAR(40)  NOT NULL,
    poster_name   VARCHAR(40)  NOT NULL,
    target        VARCHAR(40),
    target_name   VARCHAR(40),
    rules         VARCHAR(200) NOT NULL,
    match_length  INTEGER      NOT NULL,
    time_control  VARCHAR(16)  NOT NULL,
    colour        VARCHAR(8)   NOT NULL,
    rated         INTEGER      NOT NULL,
    token_hash    VARCHAR(64)  NOT NULL,
    created_at    BIGINT       NOT NULL,
    expires_at    BIGINT       NOT NULL,
    game_id       VARCHAR(32),
    taker         VARCHAR(40)
);
CREATE INDEX seeks_poster ON seeks (poster);
CREATE INDEX seeks_expires ON seeks (expires_at);
