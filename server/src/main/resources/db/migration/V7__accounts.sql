-- Accounts: a name (checked by Names) unique by its skeleton (case and look-alikes folded, so
-- "Anna" and "AnnA" or a Cyrillic "Аnna" cannot both exist — the unique index decides, even
-- when two sign-ups race), an Argon2id PHC string, an optional e-mail.
CREATE TABLE accounts (
    id             VARCHAR(40)  PRIMARY KEY,
    name           VARCHAR(20)  NOT NULL,
    skeleton       VARCHAR(40)  NOT NULL,
    password_hash  VARCHAR(200) NOT NULL,
    email          VARCHAR(254),
    created_at     BIGINT       NOT NULL
);
CREATE UNIQUE INDEX accounts_skeleton ON accounts (skeleton);

-- Sign-in sessions: only the SHA-256 of the cookie's token is stored (a leaked table signs
-- nobody in); last_seen gives the idle expiry, created_at the absolute one.
CREATE TABLE sessions (
    token_hash  VARCHAR(64)  PRIMARY KEY,
    account_id  VARCHAR(40)  NOT NULL,
    created_at  BIGINT       NOT NULL,
    last_seen   BIGINT       NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- A Glicko-2 rating per account and category ('timed', 'untimed'), with the games counted.
CREATE TABLE ratings (
    account_id  VARCHAR(40)      NOT NULL,
    category    VARCHAR(16)      NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       INTEGER          NOT NULL,
    wins        INTEGER          NOT NULL,
    updated_at  BIGINT           NOT NULL,
    PRIMARY KEY (account_id, category)
);
CREATE INDEX ratings_board ON ratings (category, rating);

-- One row per rated match and player, written in the transaction that stores the match's end:
-- the graph over time and the rating change shown in the history.
CREATE TABLE rating_history (
    account_id     VARCHAR(40)      NOT NULL,
    game_id        VARCHAR(32)      NOT NULL,
    category       VARCHAR(16)      NOT NULL,
    rating_before  DOUBLE PRECISION NOT NULL,
    rating_after   DOUBLE PRECISION NOT NULL,
    deviation      DOUBLE PRECISION NOT NULL,
    created_at     BIGINT           NOT NULL,
    PRIMARY KEY (account_id, game_id)
);
CREATE INDEX rating_history_time ON rating_history (account_id, category, created_at);

-- Who won a finished match ('white', 'black'), written with the match's end: histories and
-- profiles count wins without replaying records. Null for matches that ended before V7.
ALTER TABLE games ADD COLUMN winner VARCHAR(8);
