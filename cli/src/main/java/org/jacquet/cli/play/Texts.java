package org.jacquet.cli.play;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.GameResult;

/** The terminal's words in the player's language, with the game's own vocabulary. */
public final class Texts {
  private final Locale locale;
  private final ResourceBundle bundle;

  public Texts(Locale locale) {
    this.locale = locale;
    this.bundle = ResourceBundle.getBundle("org.jacquet.cli.play.messages", locale,
        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
  }

  public Locale locale() {
    return locale;
  }

  public String get(String key, Object... args) {
    return new MessageFormat(bundle.getString(key), locale).format(args);
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

  private String die(int value) {
    return value == 1 ? get("die.1") : Integer.toString(value);
  }

  /** "2 points (double: the loser bore off no checker)". */
  public String result(GameResult r) {
    return get("game.over", side(r.winner()), get("points", r.points()),
        get("result." + r.reason().key()) + (r.resigned() ? get("result.resigned") : ""));
  }
}
