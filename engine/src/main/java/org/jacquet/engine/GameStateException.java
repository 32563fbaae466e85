package org.jacquet.engine;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * An action the game cannot take at this moment (throwing while a play is awaited, playing after
 * the game is over…): the game is unchanged. Like {@link FormatException}, what is wrong is data:
 * a stable kebab-case {@link #code()} with its {@link #params()}, the message in English ({@link
 * #getMessage()}) or French ({@link #message(Locale)}); the codes are listed in {@code
 * messages.properties} under {@code state.<code>}. A program that follows the game's phase never
 * sees one; a player may, through a bug, and then reads it in their language.
 */
public final class GameStateException extends IllegalStateException {
  private static final long serialVersionUID = 1L;
  private final String code;
  private final transient Object[] params;

  public GameStateException(String code, Object... params) {
    super(message(code, Locale.ROOT, params));
    this.code = code;
    this.params = params.clone();
  }

  public String code() {
    return code;
  }

  /** The parameters, as text (a phase as its lower-case name, e.g. {@code opening_throw}). */
  public java.util.List<Object> params() {
    Object[] out = params.clone();
    for (int i = 0; i < out.length; i++) if (out[i] instanceof Enum<?> e) out[i] = e.name().toLowerCase(Locale.ROOT);
    return java.util.List.of(out);
  }

  /** The message in the user's language (English and French ship). */
  public String message(Locale locale) {
    return message(code, locale, params);
  }

  private static String message(String code, Locale locale, Object[] params) {
    ResourceBundle bundle = Messages.bundle(locale);
    Object[] printable = new Object[params.length];
    for (int i = 0; i < params.length; i++) {
      // A phase in the reader's words; numbers as plain text (MessageFormat would group digits).
      printable[i] = params[i] instanceof Enum<?> e ? bundle.getString("phase." + e.name().toLowerCase(Locale.ROOT)) : String.valueOf(params[i]);
    }
    return new MessageFormat(bundle.getString("state." + code), locale).format(printable);
  }
}
