package org.jacquet.server.puzzle;

import java.time.Instant;

/**
 * A learner's answer to a puzzle, given to every listener of {@link PuzzleRoutes}: the seam a
 * puzzle rating (Glicko-2, once accounts exist) is computed from. {@code solved}: the play made
 * is the best; {@code play} in the mover's notation.
 */
public record PuzzleResult(String preset, int index, boolean solved, String play, Instant at) {}
