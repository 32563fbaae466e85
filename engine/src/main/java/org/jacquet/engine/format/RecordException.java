package org.jacquet.engine.format;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.Messages;

/**
 * A game record refused by {@link GameRecord#read}: where (line, and game and turn when known)
 * and why, in English ({@link #getMessage()}: {@code line 8 (game 1, turn 2): illegal play: …})
 * or French ({@link #message(Locale)}). The fault is the cause: a {@link FormatException}
 * ({@code record-…}, {@code position-…}, {@code rules-…} codes), an {@link
 * IllegalPlayException} or an {@link IllegalPositionException}; {@link #code()} is its code.
 */
public final class RecordException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final int line;
  private final int game;
  private final String turn;

  /** {@code line} 0 when the fault is the whole record's; {@code game} 0 and {@code turn} null when unknown. */
  RecordException(int line, int game, String turn, RuntimeException fault) {
    super(message(line, game, turn, fault, Locale.ROOT), fault);
    this.line = line;
    this.game = game;
    this.turn = turn;
  }

  /** The line of the record (from 1), or 0 when the fault is the whole record's. */
  public int line() {
    return line;
  }

  /** The game (from 1), or 0. */
  public int game() {
    return game;
  }

  /** The turn number as written, or null. */
  public String turn() {
    return turn;
  }

  /** The fault's stable code: {@code record-header-twice}, {@code postilion-first}… */
  public String code() {
    Throwable f = getCause();
    if (f instanceof FormatException e) return e.code();
    if (f instanceof IllegalPlayException e) return e.reason().code();
    if (f instanceof IllegalPositionException e) return e.reason().code();
    return "record-invalid";
  }

  public String message(Locale locale) {
    return message(line, game, turn, (RuntimeException) getCause(), locale);
  }

  private static String message(int line, int game, String turn, RuntimeException fault, Locale locale) {
    ResourceBundle bundle = Messages.bundle(locale);
    String why;
    if (fault instanceof IllegalPlayException e) {
      why = MessageFormat.format(bundle.getString("record.illegal-play"), e.message(locale));
    } else if (fault instanceof FormatException e) {
      why = e.message(locale);
    } else if (fault instanceof IllegalPositionException e) {
      why = e.message(locale);
    } else {
      why = String.valueOf(fault.getMessage());
    }
    if (line == 0) return why;
    String where = turn != null ? MessageFormat.format(bundle.getString("record.at-turn"), line, game, turn)
        : game > 0 ? MessageFormat.format(bundle.getString("record.at-game"), line, game)
        : MessageFormat.format(bundle.getString("record.at-line"), line);
    return where + why;
  }
}
