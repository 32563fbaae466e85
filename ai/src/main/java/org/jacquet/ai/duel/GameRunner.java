package org.jacquet.ai.duel;

import org.jacquet.ai.Bot;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameResult;

/** Plays a game through to its end with a bot on each side. */
public final class GameRunner {
  private GameRunner() {}

  public static GameResult play(Game game, Bot white, Bot black) {
    play(game, white, black, Integer.MAX_VALUE);
    return game.result();
  }

  /** Plays until the game is over or {@code maxPlays} plays were made; the game's result or null. */
  public static GameResult play(Game game, Bot white, Bot black, int maxPlays) {
    int plays = 0;
    while (!game.isOver() && plays < maxPlays) {
      Bot bot = game.sideToAct() == Side.WHITE ? white : black;
      switch (game.phase()) {
        case OPENING_THROW, ROLL -> game.roll();
        case OPENING_CHOICE -> {
          GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) game.events().get(game.events().size() - 1);
          game.chooseOpening(bot.throwAgain(game.position(), org.jacquet.engine.Dice.of(t.white(), t.black())));
        }
        case PLAY -> {
          game.play(bot.choose(game.legalPlays()));
          plays++;
        }
        default -> throw new IllegalStateException(game.phase().toString());
      }
    }
    return game.isOver() ? game.result() : null;
  }
}
