-- The address each seek was posted from (the client's, as the limits see it: behind a trusted
-- proxy, the one it forwards), so that one address cannot fill the lobby with the seeks of many
-- guests: Lobby.MAX_WAITING_PER_ADDRESS of them wait at once, counted on every server process.
-- Null for seeks posted before this column.
ALTER TABLE seeks ADD COLUMN address VARCHAR(64);
CREATE INDEX seeks_address ON seeks (address);
