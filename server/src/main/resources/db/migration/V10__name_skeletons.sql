-- Which rule the stored name skeletons (accounts.skeleton, account_names.skeleton,
-- player_names.skeleton) were computed by: identity.Names.SKELETON_VERSION, the UTS #39
-- confusables of ICU. SQL cannot compute them, so at start identity.NameSkeletons recomputes
-- every stored skeleton whose version is not the running one (no row yet: those of the earlier
-- hand-written fold), in one transaction, and writes the version. At most one row (id 1), written
-- by the server, not here: a copy of the database (DatabaseCopy) brings it along.
CREATE TABLE name_skeletons (
    id       INTEGER      PRIMARY KEY,
    version  VARCHAR(80)  NOT NULL
);
