-- The rematch of a finished match (the id of the new game), or null: stored so that after a
-- restart, or on another server process, the finished game still offers it and both players
-- land in the same new game.
ALTER TABLE games ADD COLUMN rematch VARCHAR(32);
