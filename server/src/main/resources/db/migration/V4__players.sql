-- Who sits at each seat of a game, for names on the board and in the lobby, histories and
-- ratings: a player id ("g:…" a guest, "a:…" an account; null for the computer and for games
-- made before names existed) and the name shown at the time (kept when an account is deleted
-- or renamed, so the record reads as it was played). Rated games are between two accounts.
ALTER TABLE games ADD COLUMN white_player VARCHAR(40);
ALTER TABLE games ADD COLUMN black_player VARCHAR(40);
ALTER TABLE games ADD COLUMN white_name VARCHAR(40);
ALTER TABLE games ADD COLUMN black_name VARCHAR(40);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_white_player ON games (white_player, updated_at);
CREATE INDEX games_black_player ON games (black_player, updated_at);
