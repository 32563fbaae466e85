/** Tournaments: the arena (lichess's drop-in format), stored in the database and paired by whichever process claims it. */
package org.jacquet.server.tournament;
