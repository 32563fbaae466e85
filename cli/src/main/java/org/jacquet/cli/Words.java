package org.jacquet.cli;

import java.util.Locale;
import org.jacquet.cli.play.Texts;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.format.RecordException;

/**
 * The command line's words in the language of this run ({@code --lang}, else the system's):
 * what the commands print for people and every refusal, from {@code command_messages[_fr]}
 * beside the game's vocabulary. Chosen once per run by {@link Main#run}, before the command line
 * is read, so that even picocli's refusals of it are said in that language.
 */
final class Words {
  private static volatile Texts texts = texts(LangOption.systemLocale());

  private Words() {}

  static Texts texts(Locale locale) {
    return new Texts(locale).with("org.jacquet.cli.command_messages");
  }

  /** This run speaks {@code locale}. */
  static void use(Locale locale) {
    texts = texts(locale);
  }

  static Texts texts() {
    return texts;
  }

  static Locale locale() {
    return texts.locale();
  }

  static String get(String key, Object... args) {
    return texts.get(key, args);
  }

  /** The message of a failure in this run's language: the engine's refusals carry their French. */
  static String reason(Throwable e) {
    if (e instanceof FormatException || e instanceof RecordException || e instanceof GameStateException
        || e instanceof IllegalPlayException || e instanceof IllegalPositionException) {
      return texts.reason(e);
    }
    return e.getMessage();
  }

  /** "1 game", "2 games", "0 partie": a count and its noun ({@code key}.one / .many) read right (French 0 is singular). */
  static String count(long n, String key) {
    boolean one = n == 1 || n == 0 && locale().getLanguage().equals("fr");
    return get(one ? key + ".one" : key + ".many", String.format(locale(), "%,d", n));
  }
}
