-- The rate limits that protect accounts and the site (sign-ins, sign-ups, password checks, game
-- creations), kept here so that every process behind one proxy spends one budget: per limit
-- (scope) and key (the SHA-256 of an address, a name, or both), the time in ns at which the
-- bucket would be full again (GCRA). A row whose time has passed is a full bucket, and is
-- deleted by the server's chores.
CREATE TABLE rate_buckets (
    scope    VARCHAR(40) NOT NULL,
    k        VARCHAR(64) NOT NULL,
    full_at  BIGINT      NOT NULL,
    PRIMARY KEY (scope, k)
);
CREATE INDEX rate_buckets_full_at ON rate_buckets (full_at);
