-- More keys to a seat held by an account in a correspondence game: each browser a signed-in
-- player opens the game in gets a key of its own (only its SHA-256 is kept, as for the seat's
-- first token), so a game that lasts weeks is played from a phone and a desktop alike without a
-- link carried between them. A few per seat: the oldest goes when a seat has too many.
CREATE TABLE seat_keys (
    token_hash  VARCHAR(64)  PRIMARY KEY,
    game_id     VARCHAR(32)  NOT NULL,
    side        VARCHAR(8)   NOT NULL,
    created_at  BIGINT       NOT NULL
);
CREATE INDEX seat_keys_game ON seat_keys (game_id, side, created_at);
