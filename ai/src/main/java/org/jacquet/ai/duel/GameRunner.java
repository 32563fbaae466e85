package org.jacquet.ai.duel;

import org.jacquet.ai.Bot;
import org.jacquet.ai.match.MatchContext;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameResult;

/** Plays a game, or a match, through to its end with a bot on each side. */
public final class GameRunner {
  private GameRunner() {}

  /** Plays {@code game} for its points. */
  public static GameResult play(Game game, Bot white, Bot black) {
    return play(game, white, black, MatchContext.MONEY);
  }

  /** Plays every game of {@code match} to its end, each bot playing for the match at each score. */
  public static org.jacquet.engine.Side playMatch(org.jacquet.engine.game.Match match, Bot white, Bot black) {
    while (true) {
      play(match.game(), white, black, MatchContext.of(match));
      if (match.isOver()) return match.winner();
      match.nextGame();
    }
  }

  /** Plays {@code game} with the bots playing for {@code context}. */
  public static GameResult play(Game game, Bot white, Bot black, MatchContext context) {
    play(game, white, black, context, Integer.MAX_VALUE);
    return game.result();
  }

  /** Plays for its points until the game is over or {@code maxPlays} plays were made; the game's result or null. */
  public static GameResult play(Game game, Bot white, Bot black, int maxPlays) {
    return play(game, white, black, MatchContext.MONEY, maxPlays);
  }

  /** Plays until the game is over or {@code maxPlays} plays were made; the game's result or null. */
  public static GameResult play(Game game, Bot white, Bot black, MatchContext context, int maxPlays) {
    return play(game, white, black, context, maxPlays, p -> false);
  }

  /**
   * Plays for its points until the game is over, {@code maxPlays} plays were made, or a side is
   * about to throw in a position {@code stop} accepts; the game's result or null.
   */
  public static GameResult play(Game game, Bot white, Bot black, int maxPlays,
      java.util.function.Predicate<org.jacquet.engine.Position> stop) {
    return play(game, white, black, MatchContext.MONEY, maxPlays, stop);
  }

  private static GameResult play(Game game, Bot white, Bot black, MatchContext context, int maxPlays,
      java.util.function.Predicate<org.jacquet.engine.Position> stop) {
    int plays = 0;
    while (!game.isOver() && plays < maxPlays) {
      if (game.phase() == org.jacquet.engine.game.Phase.ROLL && stop.test(game.position())) break;
      Bot bot = game.sideToAct() == Side.WHITE ? white : black;
      switch (game.phase()) {
        case OPENING_THROW, ROLL -> game.roll();
        case OPENING_CHOICE -> {
          GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) game.events().get(game.events().size() - 1);
          game.chooseOpening(bot.throwAgain(game.position(), org.jacquet.engine.Dice.of(t.white(), t.black())));
        }
        case PLAY -> {
          game.play(bot.choose(game.legalPlays(), context));
          plays++;
        }
        default -> throw new IllegalStateException(game.phase().toString());
      }
    }
    return game.isOver() ? game.result() : null;
  }
}
