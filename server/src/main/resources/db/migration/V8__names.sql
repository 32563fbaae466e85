-- The names players read, shared by every server process and kept across restarts
-- (identity.Pseudonyms). One row per player seen: a guest ("g:" + hash of its cookie; the cookie
-- itself is never stored) or an account online ("a:…", its name mirrored here so that a direct
-- challenge finds it from any process). name/skeleton are null once released: an offline
-- guest whose name another player took gets a fresh pseudonym when it comes back.
--   last_seen:     the last request or socket renewal; a name is held (nobody else may take
--                  it) while its player is online and Pseudonyms.HOLD_MILLIS after last_seen.
--   online_until:  the lease of a lobby socket, renewed by the process holding it.
-- The unique index on skeleton decides when two processes give one name at once. Rows not seen
-- for Pseudonyms.EXPIRE_MILLIS are deleted, and never more than Pseudonyms.MAX_ROWS are kept.
CREATE TABLE player_names (
    id            VARCHAR(40)  PRIMARY KEY,
    name          VARCHAR(20),
    skeleton      VARCHAR(40),
    last_seen     BIGINT       NOT NULL,
    online_until  BIGINT       NOT NULL
);
CREATE UNIQUE INDEX player_names_skeleton ON player_names (skeleton);
CREATE INDEX player_names_seen ON player_names (last_seen);

-- Account renames: an account's former names stay reserved for it until reserved_until (no one
-- else can sign up as, or be a guest under, a name the account played under lately), and
-- accounts.renamed_at limits renames to one per Accounts.RENAME_EVERY.
CREATE TABLE account_names (
    skeleton        VARCHAR(40)  PRIMARY KEY,
    account_id      VARCHAR(40)  NOT NULL,
    name            VARCHAR(20)  NOT NULL,
    reserved_until  BIGINT       NOT NULL
);
CREATE INDEX account_names_account ON account_names (account_id);
ALTER TABLE accounts ADD COLUMN renamed_at BIGINT;
