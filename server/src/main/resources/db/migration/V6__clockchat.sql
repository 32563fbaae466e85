-- A timed game's clock, stored with every change of the game so a restart or another server
-- process continues it (null in an untimed game): each side's reserve in milliseconds, the side
-- whose time runs (null while stopped: before the opening throw, between games, at the end) and
-- the server's time (ms since the epoch) at which that side's move started. The time control
-- itself is games.time_control (V5).
ALTER TABLE games ADD COLUMN clock_white BIGINT;
ALTER TABLE games ADD COLUMN clock_black BIGINT;
ALTER TABLE games ADD COLUMN clock_running VARCHAR(8);
ALTER TABLE games ADD COLUMN clock_since BIGINT;
-- How the last game that ended without being played out ended, as "<game number> <how>": a
-- reserve spent ("timeout") or an absent player's game claimed ("claim"). The record says the
-- loser resigned; this says why.
ALTER TABLE games ADD COLUMN forfeit VARCHAR(24);

-- Each game's two chats (room 'players', room 'spectators'): the newest lines of each, kept so a
-- reload or another process shows them. A line is cleaned text or a canned phrase's key.
CREATE TABLE chat_lines (
    id          VARCHAR(32)  PRIMARY KEY,
    game_id     VARCHAR(32)  NOT NULL,
    room        VARCHAR(16)  NOT NULL,
    side        VARCHAR(8),
    name        VARCHAR(40),
    text        VARCHAR(600),
    phrase      VARCHAR(16),
    created_at  BIGINT       NOT NULL
);
CREATE INDEX chat_lines_game ON chat_lines (game_id, room, created_at);
