package org.jacquet.cli.play;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.stream.Stream;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.RecordException;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.rules.Rules;

/** The terminal's words in the player's language, with the game's own vocabulary. */
public final class Texts {
  private final Locale locale;
  private final List<ResourceBundle> bundles; // searched in order

  public Texts(Locale locale) {
    this(locale, List.of(bundle("org.jacquet.cli.play.messages", locale)));
  }

  private Texts(Locale locale, List<ResourceBundle> bundles) {
    this.locale = locale;
    this.bundles = bundles;
  }

  private static ResourceBundle bundle(String name, Locale locale) {
    return ResourceBundle.getBundle(name, locale,
        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
  }

  /**
   * These texts and another bundle's, read the same way in the same language: a command's own
   * words (e.g. {@code org.jacquet.cli.analysis_messages}) beside the game's vocabulary.
   */
  public Texts with(String bundleName) {
    return new Texts(locale, Stream.concat(bundles.stream(), Stream.of(bundle(bundleName, locale))).toList());
  }

  public Locale locale() {
    return locale;
  }

  public String get(String key, Object... args) {
    return new MessageFormat(raw(key), locale).format(args);
  }

  private String raw(String key) {
    for (ResourceBundle b : bundles) if (b.containsKey(key)) return b.getString(key);
    throw new MissingResourceException("no text '" + key + "'", Texts.class.getName(), key);
  }

  public String side(Side side) {
    return get(side == Side.WHITE ? "side.white" : "side.black");
  }

  /**
   * Dice announced the traditional way: higher die first, a 1 is an ace, doubles by name
   * ("6 et as", "Sonnés"); dice passed on under Versailles are listed as they are.
   */
  public String dice(DiceToPlay dice) {
    if (dice.transferred()) return get("dice.transferred", dice.values().stream().map(this::die).toList());
    if (dice.high() == dice.low()) return get("dice.double." + dice.high());
    return get("dice.pair", die(dice.high()), die(dice.low()));
  }

  /** A die's value as said: a 1 is an ace. */
  public String die(int value) {
    return value == 1 ? get("die.1") : Integer.toString(value);
  }

  /**
   * Rules as a player reads them: the preset's name in the player's language ("modernes"),
   * options as written ("avancées (Léchalet)+return-checkers=2").
   */
  public String rules(Rules rules) {
    String text = rules.toString();
    int plus = text.indexOf('+');
    String preset = plus < 0 ? text : text.substring(0, plus);
    String key = "rules." + preset;
    String name = bundles.stream().anyMatch(b -> b.containsKey(key)) ? raw(key) : preset;
    return plus < 0 ? name : name + text.substring(plus);
  }

  /** A probability as a percentage in the player's convention: "54.4%", "54,4 %". */
  public String percent(double p) {
    return String.format(locale, "%.1f", 100 * p) + get("percent.sign");
  }

  /** Expected points with their sign: "+0.352", "+0,352". */
  public String signed(double x) {
    return String.format(locale, "%+.3f", x);
  }

  /** A failure whose message is already in the player's language. */
  public static final class Said extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Said(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Why something failed, in the player's language: the engine's refusals carry their French,
   * a file problem is said in words; anything else is a bug, named as such with its details.
   */
  public String reason(Throwable e) {
    if (e instanceof UncheckedIOException u && u.getCause() != null) e = u.getCause();
    if (e instanceof Said) return e.getMessage();
    if (e instanceof IllegalPlayException p) return p.message(locale);
    if (e instanceof FormatException f) return f.message(locale);
    if (e instanceof GameStateException g) return g.message(locale);
    if (e instanceof IllegalPositionException p) return p.message(locale);
    if (e instanceof RecordException r) return r.message(locale);
    if (e instanceof NoSuchFileException) return get("io.no.such.file");
    if (e instanceof AccessDeniedException) return get("io.denied");
    if (e instanceof NotDirectoryException || e instanceof FileSystemException fs && "Not a directory".equals(fs.getReason())) {
      return get("io.not.folder");
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) return get("io.error", fs.getReason());
    if (e instanceof IOException) return get("io.error", oneLine(e));
    if (e instanceof OutOfMemoryError) return get("out.of.memory");
    return get("internal.error", e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + oneLine(e)));
  }

  private static String oneLine(Throwable e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : Excerpt.of(m.strip().replaceAll("\\s+", " "));
  }

  /** 'text' shortened to something printable in one line. */
  static String quote(String text) {
    return "'" + Excerpt.of(text) + "'";
  }

  /** "2 points (double: the loser bore off no checker)". */
  public String result(GameResult r) {
    if (r.winner() == null) return get("game.locked"); // neither side can ever move again
    return get("game.over", side(r.winner()), get("points", r.points()),
        get("result." + r.reason().key()) + (r.resigned() ? get("result.resigned") : ""));
  }
}
