-- Puzzle ratings, as lichess keeps them: a Glicko-2 rating per account for puzzles (apart from
-- the game ratings of V7: solving is another skill) and one per puzzle, both moved by each first
-- attempt of an account at a puzzle, as a game between the two.

-- An account's puzzle rating, with its rated attempts and how many were solved.
CREATE TABLE puzzle_player_ratings (
    account_id  VARCHAR(40)      PRIMARY KEY,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    INTEGER          NOT NULL,
    solved      INTEGER          NOT NULL,
    updated_at  BIGINT           NOT NULL
);

-- A puzzle's rating (set = preset, number = the puzzle's index in the shipped file), written at
-- its first rated attempt: until then it is the start value worked out from the puzzle itself.
CREATE TABLE puzzle_ratings (
    puzzle_set    VARCHAR(16)      NOT NULL,
    puzzle_index  INTEGER          NOT NULL,
    rating        DOUBLE PRECISION NOT NULL,
    deviation     DOUBLE PRECISION NOT NULL,
    volatility    DOUBLE PRECISION NOT NULL,
    attempts      INTEGER          NOT NULL,
    solved        INTEGER          NOT NULL,
    PRIMARY KEY (puzzle_set, puzzle_index)
);

-- The puzzles offered to an account, and its one rated answer to each: a row is written when the
-- server offers the puzzle (daily or next), answered_at once it is answered; an answer to a
-- puzzle never offered, or offered and answered already, is not rated. At most one row per
-- account and puzzle, so bounded by the shipped sets.
CREATE TABLE puzzle_attempts (
    account_id     VARCHAR(40)      NOT NULL,
    puzzle_set     VARCHAR(16)      NOT NULL,
    puzzle_index   INTEGER          NOT NULL,
    offered_at     BIGINT           NOT NULL,
    answered_at    BIGINT,
    solved         INTEGER,
    rating_before  DOUBLE PRECISION,
    rating_after   DOUBLE PRECISION,
    PRIMARY KEY (account_id, puzzle_set, puzzle_index)
);
CREATE INDEX puzzle_attempts_answered ON puzzle_attempts (account_id, answered_at);
