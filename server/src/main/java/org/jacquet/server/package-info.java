/**
 * The web app (issue 5), laid out by concern: {@code ServerMain} starts it, {@code WebServer}
 * assembles it; {@code http} (routes by group, guards, deadlines, JSON bodies and errors, the
 * client's address and language), {@code live} (sockets, the hub and its fan-out, the other
 * processes), {@code game} (the authoritative game service, rooms, views, rematches, tokens),
 * {@code store} (the database and its games), {@code review} (reviews, analyses, the tutor),
 * {@code refusal} (refusals as codes, worded in each language), {@code limits} (rates, limits,
 * health, timings). Depends on the engine and the AI; the browser UI is in resources/web.
 */
package org.jacquet.server;
