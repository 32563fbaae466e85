-- The steps the player to move has laid down but not confirmed, as "from/to from/to" in the
-- mover's frame (null when none): they survive a restart or a switch to another server process.
ALTER TABLE games ADD COLUMN pending VARCHAR(200);
