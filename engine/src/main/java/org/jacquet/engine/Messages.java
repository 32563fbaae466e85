package org.jacquet.engine;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The engine's messages ({@code org.jacquet.engine.messages}, English and French): one place that
 * finds the bundle for a locale (English for any other, never the JVM's default locale) and fills
 * a message's values.
 */
public final class Messages {
  private Messages() {}

  /** The bundle for {@code locale}: French for French, English otherwise. */
  public static ResourceBundle bundle(Locale locale) {
    return ResourceBundle.getBundle("org.jacquet.engine.messages", locale,
        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
  }

  /**
   * The message {@code key} in {@code locale} with {@code values} filled in; values are given as
   * text by the caller (MessageFormat would otherwise group the digits of numbers by locale).
   */
  public static String format(String key, Locale locale, Object... values) {
    return new MessageFormat(bundle(locale).getString(key), locale).format(values);
  }
}
