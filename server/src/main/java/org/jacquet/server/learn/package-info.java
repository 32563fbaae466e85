/**
 * The lessons of the course (learn.html): their data ({@code /learn/lessons.json}), checked
 * by the engine, and the route that judges a learner's play with the engine's own reasons.
 */
package org.jacquet.server.learn;
