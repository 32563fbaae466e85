/**
 * The computer opponent: evaluators, search, bots by level, self-play training (issue 3).
 * Depends on the engine only; knows nothing of terminals or HTTP.
 */
package org.jacquet.ai;
