/** Refusals as data: a code with its params, the engine's reasons mapped to codes, the words of each code in each language (web/codes.json). */
package org.jacquet.server.refusal;
