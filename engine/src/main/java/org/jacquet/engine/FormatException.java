package org.jacquet.engine;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Text that is not a valid position, position ID, dice or rules, with what is wrong as data: a
 * stable kebab-case {@link #code()} and its {@link #params()} (for clients that render the
 * message themselves), and the message in English ({@link #getMessage()}) or French ({@link
 * #message(Locale)}). The codes and their parameters are listed in {@code messages.properties}
 * under {@code format.<code>}.
 */
public final class FormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String code;
  private final transient Object[] params;

  public FormatException(String code, Object... params) {
    super(message(code, Locale.ROOT, params));
    this.code = code;
    this.params = params.clone();
  }

  public String code() {
    return code;
  }

  /** The parameters, as text (a side as {@code white} or {@code black}). */
  public java.util.List<Object> params() {
    Object[] out = params.clone();
    for (int i = 0; i < out.length; i++) if (out[i] instanceof Side s) out[i] = s.key();
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
      // Sides in the reader's words; numbers as plain text (MessageFormat would group digits).
      printable[i] = params[i] instanceof Side s ? bundle.getString("side." + s.key()) : String.valueOf(params[i]);
    }
    return new MessageFormat(bundle.getString("format." + code), locale).format(printable);
  }
}
