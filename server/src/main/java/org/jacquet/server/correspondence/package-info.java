/**
 * Correspondence games (days a move, as Dailygammon and lichess play them): a player's games in
 * the order they wait for them ("Your turn" first), and vacations, which stop their deadlines.
 * The games themselves are the {@code game} package's, timed by a clock of days.
 */
package org.jacquet.server.correspondence;
