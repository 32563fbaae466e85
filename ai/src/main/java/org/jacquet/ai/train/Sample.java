package org.jacquet.ai.train;

import org.jacquet.engine.Position;

/** A position and the outcome probabilities it should be evaluated at, for its side to move. */
public record Sample(Position position, float[] target) {}
