package org.jacquet.ai;

import org.jacquet.ai.match.MatchContext;
import org.jacquet.engine.Dice;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;

/** A computer player. Not thread-safe: one per game or thread ({@link Level#create}). */
public interface Bot {
  /** One of {@code legal}'s plays, in a game played for its points. */
  Play choose(LegalPlays legal);

  /**
   * One of {@code legal}'s plays, in a game played for {@code context}: the score of a match (the
   * bot plays for the match), or {@link MatchContext#MONEY}. The default ignores the context.
   */
  default Play choose(LegalPlays legal, MatchContext context) {
    return choose(legal);
  }

  /**
   * Under {@code opening=winner-chooses}: whether to throw again rather than play the opening
   * dice. The default plays them.
   */
  default boolean throwAgain(Position position, Dice opening) {
    return false;
  }

  String name();

  /** The same bot, telling {@code watcher} of each choice it makes and how long it took. */
  static Bot watched(Bot bot, java.util.function.ObjLongConsumer<LegalPlays> watcher) {
    return new Bot() {
      @Override
      public Play choose(LegalPlays legal) {
        return choose(legal, MatchContext.MONEY);
      }

      @Override
      public Play choose(LegalPlays legal, MatchContext context) {
        long start = System.nanoTime();
        Play play = bot.choose(legal, context);
        watcher.accept(legal, System.nanoTime() - start);
        return play;
      }

      @Override
      public boolean throwAgain(Position position, Dice opening) {
        return bot.throwAgain(position, opening);
      }

      @Override
      public String name() {
        return bot.name();
      }
    };
  }
}
