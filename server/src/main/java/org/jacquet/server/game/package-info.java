/** The games: the authoritative service (create, act, computer moves, storage health), a game in memory, what each viewer is shown, rematches, seat tokens, the computer's fair queue. */
package org.jacquet.server.game;
