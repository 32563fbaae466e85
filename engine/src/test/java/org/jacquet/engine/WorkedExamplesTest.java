package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The worked examples of RULES.md §8, exactly as written there. */
public class WorkedExamplesTest {

  static List<String> plays(Rules rules, String position, String dice) {
    Position p = Position.parse(position);
    return PlayGenerator.legalPlays(rules, p, DiceToPlay.of(Dice.parse(dice), rules)).plays()
        .stream().map(Play::notation).toList();
  }

  private static final String START = "white=1:15 black=1:15 turn=white";

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim"})
  void openingDoubleSixPlaysOnlyOneSixBecauseBlacksTalonBlocksPoint13(String preset) {
    assertThat(plays(Rules.parse(preset), START, "6-6")).containsExactly("1/7");
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim"})
  void openingDoubleThreePlaysThreeThreesUpToTheTalon(String preset) {
    assertThat(plays(Rules.parse(preset), START, "3-3")).containsExactly("1/4 4/7 7/10");
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced"})
  void openingDoubleFiveCarriesThePostilionTwentyPoints(String preset) {
    assertThat(plays(Rules.parse(preset), START, "5-5")).containsExactly("1/6 6/11 11/16 16/21");
  }

  /**
   * RULES.md §8's 5-5 holds for the presets entering at 19 with four steps; the others differ.
   * Moultezim: the postilion enters at 13, so after 1/16 the fourth five may move any checker.
   */
  @Test
  void openingDoubleFiveUnderMoultezimMayBringOutASecondCheckerOnceThePostilionIsAt16() {
    assertThat(plays(Rules.MOULTEZIM, START, "5-5"))
        .containsExactlyInAnyOrder("1/6 6/11 11/16 16/21", "1/6 6/11 11/16 1/6");
  }

  /**
   * Versailles squares doubles: 5-5 is five fives. The postilion enters at 21 on the fourth,
   * and the fifth can only bring a second checker out (no bearing off from 21).
   */
  @Test
  void openingDoubleFiveUnderVersaillesIsFiveFivesEndingWithASecondChecker() {
    assertThat(plays(Rules.VERSAILLES, START, "5-5")).containsExactly("1/6 6/11 11/16 16/21 1/6");
  }

  @Test
  void moultezimPostilionEntersAt13SoTheLastFiveMayMoveAnotherChecker() {
    assertThat(plays(Rules.MOULTEZIM, START, "5-5"))
        .containsExactlyInAnyOrder("1/6 6/11 11/16 16/21", "1/6 6/11 11/16 1/6");
  }

  private static final String BEAR_OFF = "white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white";

  @Test
  void bearOffThreeTwoHasSixPlaysAndNeverBearsOffTheThreeAfter18to20() {
    List<String> plays = plays(Rules.ORIGINAL, BEAR_OFF, "3-2");
    assertThat(plays).hasSize(6);
    assertThat(plays).contains("18/21 23/off");
    assertThat(results(Rules.ORIGINAL, BEAR_OFF, "3-2"))
        .contains(result(BEAR_OFF, "20/22 21/24"), result(BEAR_OFF, "20/23 21/23"));
    assertThat(plays).noneMatch(p -> p.startsWith("18/20") && p.contains("off"));
  }

  @Test
  void bearOffSixFiveHasExactlyTwoPlays() {
    assertThat(plays(Rules.ORIGINAL, BEAR_OFF, "6-5"))
        .containsExactlyInAnyOrder("18/24 20/off", "18/23 20/off");
  }

  @Test
  void bearOffDoubleSixBearsOffThreeAfterBringingTheStragglerHome() {
    assertThat(plays(Rules.ORIGINAL, BEAR_OFF, "6-6"))
        .containsExactly("18/24 20/off 21/off 23/off");
  }

  @Test
  void bearOffDoubleOneIncludesBothWorkedPlays() {
    assertThat(results(Rules.ORIGINAL, BEAR_OFF, "1-1")).contains(
        result(BEAR_OFF, "18/19 24/off 24/off 24/off"),
        result(BEAR_OFF, "18/19 23/24 24/off 24/off"));
  }

  @Test
  void advancedRulesForbidBearingOffWhileTheOpponentHasACheckerOnItsTalon() {
    String position = "white=20:1,21:1,22:1,23:1,24:11 black=1:1,19:14 turn=white";
    for (int a = 1; a <= 6; a++) {
      for (int b = 1; b <= a; b++) {
        assertThat(plays(Rules.ADVANCED, position, a + "-" + b))
            .as("dice %d-%d", a, b).noneMatch(p -> p.contains("off"));
      }
    }
    // The same position under modern rules bears off at once.
    assertThat(plays(Rules.MODERN, position, "6-5")).anyMatch(p -> p.contains("off"));
  }

  private static List<Position> results(Rules rules, String position, String dice) {
    Position p = Position.parse(position);
    return PlayGenerator.legalPlays(rules, p, DiceToPlay.of(Dice.parse(dice), rules)).plays()
        .stream().map(Play::result).toList();
  }

  /** The position after applying the steps by hand, turn passed: independent of the generator. */
  public static Position result(String position, String steps) {
    Position p = Position.parse(position);
    Side mover = p.turn();
    int[] mine = p.countsOf(mover);
    for (String step : steps.split(" ")) {
      String[] ft = step.split("/");
      mine[Integer.parseInt(ft[0])]--;
      if (!ft[1].equals("off")) mine[Integer.parseInt(ft[1])]++;
    }
    int[] theirs = p.countsOf(mover.opponent());
    return mover == Side.WHITE
        ? Position.of(mine, theirs, Side.BLACK)
        : Position.of(theirs, mine, Side.WHITE);
  }
}
