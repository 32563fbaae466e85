/** The text formats: position text and ID, play notation, and the game record (written, read back and checked). */
package org.jacquet.engine.format;
