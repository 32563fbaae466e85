package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Position;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GameRecordTest {

  /** Plays a random match to {@code length}, stopping after {@code maxActions} if given. */
  static Match randomMatch(Rules rules, int length, long seed, int maxActions) {
    Match m = new Match(rules, length, new SeededDice(seed));
    SplittableRandom choice = new SplittableRandom(seed);
    int actions = 0;
    while (!m.isOver() && actions++ < maxActions) {
      Game g = m.game();
      if (g.isOver()) {
        m.nextGame();
        continue;
      }
      switch (g.phase()) {
        case OPENING_THROW, ROLL -> g.roll();
        case OPENING_CHOICE -> g.chooseOpening(choice.nextBoolean());
        case PLAY -> {
          LegalPlays legal = g.legalPlays();
          g.play(legal.plays().get(choice.nextInt(legal.plays().size())));
        }
        default -> throw new AssertionError();
      }
    }
    return m;
  }

  private static Map<String, String> headers() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("White", "Alice \"the fox\"");
    h.put("Black", "Bob");
    h.put("Seed", "42");
    h.put("Date", "2026-11-21");
    return h;
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles",
      "modern+opening=winner-chooses", "original+scoring=spanish"})
  void recordsRoundTripLosslessly(String rulesText) {
    Rules rules = Rules.parse(rulesText);
    for (long seed = 0; seed < 30; seed++) {
      Match m = randomMatch(rules, 3, seed, Integer.MAX_VALUE);
      String text = GameRecord.write(m, headers());
      GameRecord.Parsed back = GameRecord.read(text);
      Map<String, String> withHash = new LinkedHashMap<>(headers());
      withHash.put("SeedHash", SeedHash.of(42));
      assertThat(back.headers()).isEqualTo(withHash);
      assertThat(GameRecord.write(back.match(), back.headers())).isEqualTo(text);
      assertThat(back.match().score(m.winner())).isEqualTo(m.score(m.winner()));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 40, 41, 90, 151})
  void anUnfinishedGameRoundTripsToTheSameState(int actions) {
    Match m = randomMatch(Rules.VERSAILLES, 5, 11, actions);
    String text = GameRecord.write(m, Map.of());
    Match back = GameRecord.read(text).match();
    assertThat(back.game().position()).isEqualTo(m.game().position());
    assertThat(back.game().phase()).isEqualTo(m.game().phase());
    assertThat(GameRecord.write(back, Map.of())).isEqualTo(text);
  }

  @Test
  void aMatchFromASetUpPositionRoundTrips() {
    org.jacquet.engine.Position start = org.jacquet.engine.Position.parse("white=19:2,20:2 black=21:3 turn=black");
    Match m = new Match(Rules.MODERN, 1, new SeededDice(4), start);
    SplittableRandom choice = new SplittableRandom(4);
    while (!m.isOver()) {
      Game g = m.game();
      if (g.phase() == Phase.ROLL) g.roll();
      else g.play(g.legalPlays().plays().get(choice.nextInt(g.legalPlays().plays().size())));
    }
    String text = GameRecord.write(m, Map.of());
    assertThat(text).contains("[Position \"white=19:2,20:2 black=21:3 turn=black\"]");
    Match back = GameRecord.read(text).match();
    assertThat(back.start()).isEqualTo(start);
    assertThat(GameRecord.write(back, Map.of())).isEqualTo(text);
    assertThat(m.game().events().get(0)).isInstanceOf(GameEvent.Turn.class);
  }

  @Test
  void theSameSeedReplaysTheSameGame() {
    String a = GameRecord.write(randomMatch(Rules.MODERN, 3, 99, Integer.MAX_VALUE), Map.of());
    String b = GameRecord.write(randomMatch(Rules.MODERN, 3, 99, Integer.MAX_VALUE), Map.of());
    String c = GameRecord.write(randomMatch(Rules.MODERN, 3, 100, Integer.MAX_VALUE), Map.of());
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
  }

  @Test
  void aRecordWithAnIllegalPlayIsRejectedWithTheTurnAndReason() {
    String text = String.join("\n",
        "[Rules \"modern\"]", "[Match \"1\"]", "", "Game 1", "Score: white 0, black 0",
        "Opening: white 5, black 3", "  1) white 6-5: 1/7 7/12", "  2) black 6-6: 1/7 7/13");
    assertThatThrownBy(() -> GameRecord.read(text))
        .hasMessage("line 8 (game 1, turn 2): illegal play: point 13 is held by the opponent: a checker may not stop there");
  }

  @Test
  void aRecordWithWrongDiceOrAMissingPassIsRejected() {
    String wrongSide = String.join("\n", "[Rules \"modern\"]", "Game 1",
        "Opening: white 5, black 3", "  1) black 6-5: 1/7 7/12");
    assertThatThrownBy(() -> GameRecord.read(wrongSide)).hasMessageContaining("line 4 (game 1, turn 1): it is white's turn");
    assertThatThrownBy(() -> GameRecord.read("[Rules \"classic\"]\nGame 1"))
        .hasMessageContaining("line 1: unknown rules preset 'classic'");
    assertThatThrownBy(() -> GameRecord.read("Game 1")).hasMessageContaining("missing [Rules");
  }
}
