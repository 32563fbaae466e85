package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random games for every preset: after every single step the invariants of RULES.md hold
 * (checked by {@link ReferenceRules}, an independent reading of the rules), every game ends, and
 * the score is in range. For the first games, the generator's whole play set is also compared
 * with the reference's brute force.
 */
class RandomGamesPropertyTest {
  private static final int GAMES = 10_000;
  private static final int CROSS_CHECKED_GAMES = 300;

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles",
      "advanced+return-checkers=2", "modern+blocking=any-needs-return",
      "modern+opening=winner-chooses", "original+scoring=spanish"})
  void randomGamesNeverBreakAnInvariant(String rulesText) {
    Rules rules = Rules.parse(rulesText);
    SplittableRandom choices = new SplittableRandom(rulesText.hashCode());
    long steps = 0;
    for (int g = 0; g < GAMES; g++) {
      Game game = new Game(rules, new SeededDice(g));
      int actions = 0;
      while (!game.isOver()) {
        if (++actions > 2_000) fail("game %d of %s does not end", g, rulesText);
        switch (game.phase()) {
          case OPENING_THROW, ROLL -> game.roll();
          case OPENING_CHOICE -> game.chooseOpening(choices.nextBoolean());
          case PLAY -> {
            LegalPlays legal = game.legalPlays();
            if (g < CROSS_CHECKED_GAMES) {
              Set<Position> expected = ReferenceRules.plays(rules, game.position(), game.diceToPlay());
              Set<Position> actual = new HashSet<>();
              for (Play p : legal.plays()) actual.add(p.result());
              assertThat(actual).as("plays of %s with %s", game.position(), game.diceToPlay())
                  .isEqualTo(expected);
              assertThat(legal.plays()).hasSize(actual.size());
            }
            Play play = legal.plays().get(choices.nextInt(legal.plays().size()));
            steps += checkSteps(rules, game.position(), play);
            game.play(play);
          }
          default -> throw new AssertionError(game.phase());
        }
      }
      assertThat(game.result().points()).isBetween(1, rules.scoring().maxPoints());
      assertThat(game.position().winner()).isEqualTo(game.result().winner());
      checkTurnsAlternate(game.events());
    }
    assertThat(steps).isGreaterThan(GAMES * 50L);
  }

  /** Replays a play step by step, checking every intermediate stop against the reference. */
  private static int checkSteps(Rules rules, Position before, Play play) {
    Side mover = before.turn();
    int[] mine = before.countsOf(mover);
    int[] theirs = before.countsOf(mover.opponent());
    for (Step step : play.steps()) {
      int die = step.to() - step.from();
      if (step.bearsOff()) {
        for (int r = 1; r <= 18; r++) assertThat(mine[r]).as("bear off with a checker on %d", r).isZero();
      }
      String reason = null;
      // A bear-off step may have used any die at least as large: find one the rules allow.
      for (int d = die; d <= (step.bearsOff() ? 6 : die); d++) {
        reason = ReferenceRules.stepError(rules, mine, theirs, step.from(), d);
        if (reason == null) break;
      }
      assertThat(reason).as("step %s of %s in %s", step, play, before).isNull();
      mine[step.from()]--;
      if (!step.bearsOff()) mine[step.to()]++;
      int total = 0;
      for (int r = 1; r <= 24; r++) {
        total += mine[r];
        if (mine[r] > 0) assertThat(theirs[Side.otherFrame(r)]).as("shared point %d", r).isZero();
      }
      assertThat(total).isBetween(0, 15);
      assertThat(ReferenceRules.blockError(rules, mine, theirs)).isNull();
    }
    Position after = play.result();
    assertThat(after.onBoard(mover) + after.borneOff(mover)).isEqualTo(15);
    assertThat(after.countsOf(mover)).isEqualTo(mine);
    return play.steps().size();
  }

  private static void checkTurnsAlternate(List<GameEvent> events) {
    assertThat(events).isNotEmpty();
    assertThat(events.get(0)).isInstanceOf(GameEvent.OpeningThrow.class);
  }
}
