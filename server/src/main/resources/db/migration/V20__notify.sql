-- Notifications (package notify): an inbox per account and the mail sent from it.

-- What an account's inbox lists: its turn in a correspondence game, a challenge to it, a game of
-- its ended (a tournament starting later). Written once, by the process that stored the change,
-- in the transaction that stored it; a challenge once per seek (the unique index decides between
-- processes). At most Inbox.KEPT rows an account: the oldest go.
CREATE TABLE notices (
    id          VARCHAR(32)  PRIMARY KEY,
    account_id  VARCHAR(40)  NOT NULL,
    kind        VARCHAR(16)  NOT NULL,
    ref         VARCHAR(40)  NOT NULL,
    game_id     VARCHAR(32),
    other_name  VARCHAR(40),
    created_at  BIGINT       NOT NULL,
    read_at     BIGINT
);
CREATE UNIQUE INDEX notices_once ON notices (account_id, kind, ref);
CREATE INDEX notices_account ON notices (account_id, created_at);

-- An account's mail: the address it confirmed (the address itself is accounts.email; mail goes
-- only while the two are the same), the language its mails are written in, and the kinds of
-- notice it chose to be mailed (a comma list, each kind between commas: ",your-turn,ended,").
CREATE TABLE mail_settings (
    account_id         VARCHAR(40)  PRIMARY KEY,
    confirmed_address  VARCHAR(254),
    language           VARCHAR(2)   NOT NULL,
    kinds              VARCHAR(100) NOT NULL
);

-- The links mailed: to confirm an address, to unsubscribe from a kind. Only the SHA-256 of the
-- link's token is kept; each works once (used_at) and until expires_at.
CREATE TABLE mail_links (
    token_hash  VARCHAR(64)  PRIMARY KEY,
    account_id  VARCHAR(40)  NOT NULL,
    purpose     VARCHAR(16)  NOT NULL,
    detail      VARCHAR(254) NOT NULL,
    created_at  BIGINT       NOT NULL,
    expires_at  BIGINT       NOT NULL,
    used_at     BIGINT
);
CREATE INDEX mail_links_account ON mail_links (account_id, created_at);

-- The mails a notice calls for, written in the notice's transaction (so a crash never mails a
-- change that was not stored) and sent by one process, which claims the row first. A row per
-- account and game at most a day: the rule of one mail per game per day reads this table.
CREATE TABLE mail_outbox (
    id          VARCHAR(32)  PRIMARY KEY,
    account_id  VARCHAR(40)  NOT NULL,
    kind        VARCHAR(16)  NOT NULL,
    ref         VARCHAR(40)  NOT NULL,
    game_id     VARCHAR(32),
    other_name  VARCHAR(40),
    created_at  BIGINT       NOT NULL,
    state       VARCHAR(8)   NOT NULL,
    claimed_at  BIGINT
);
CREATE INDEX mail_outbox_state ON mail_outbox (state, created_at);
CREATE INDEX mail_outbox_ref ON mail_outbox (account_id, ref, created_at);
