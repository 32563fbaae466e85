-- Days away from correspondence games, as Dailygammon gives them: an account takes whole days
-- (30 in any 365), its opponents see until when, and its deadlines do not run meanwhile.
CREATE TABLE vacations (
    account_id  VARCHAR(40)  NOT NULL,
    starts_at   BIGINT       NOT NULL,
    ends_at     BIGINT       NOT NULL,
    days        INTEGER      NOT NULL,
    PRIMARY KEY (account_id, starts_at)
);
CREATE INDEX vacations_ends ON vacations (account_id, ends_at);
