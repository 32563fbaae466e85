/** The games: the authoritative service and its concerns (creation, a player's actions, the computer's moves, hints, flags, claims, invitations, the rooms held and their storage), what each viewer is shown, rematches, seat tokens, the computer's fair queue. */
package org.jacquet.server.game;
