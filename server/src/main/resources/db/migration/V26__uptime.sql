-- When each server process last said it was up (every few seconds), and when it stopped cleanly:
-- a process starting when none other is up credits the time since the last of these to every
-- running clock and correspondence deadline, so nobody loses time, or a game, to a server down.
CREATE TABLE server_beats (
    process     VARCHAR(40)  PRIMARY KEY,
    beat_at     BIGINT       NOT NULL,
    stopped_at  BIGINT
);
-- The time given back to a game's running clock for a server outage (ms), shown to its players
-- until the next move; null otherwise.
ALTER TABLE games ADD COLUMN outage_credit BIGINT;
