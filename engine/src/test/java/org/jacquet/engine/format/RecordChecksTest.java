package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** What the record reader refuses, each with its line, and what the writer must not lose. */
class RecordChecksTest {
  private static final String GAME = String.join("\n",
      "Game 1", "Score: white 0, black 0", "Opening: white 5, black 3", "  1) white 6-5: 1/7 7/12");

  private static String record(String... headers) {
    return String.join("\n", headers) + "\n\n" + GAME + "\n";
  }

  @Test
  void resigningAfterAThrowKeepsTheThrowAndTheRebuiltMatchGoesOnWithTheSeedsDice() {
    long seed = 5;
    Match m = new Match(Rules.MODERN, 3, new SeededDice(seed));
    m.game().roll(); // opening
    while (m.game().phase() != Phase.PLAY) m.game().roll();
    String thrown = m.game().diceToPlay().toString();
    m.game().resign(m.game().sideToAct());
    m.nextGame();
    m.game().roll();

    String text = GameRecord.write(m, Map.of("Seed", Long.toString(seed)));
    assertThat(text).contains(") " + m.games().get(0).position().turn().key() + " " + thrown + ":\nResigns: ");
    GameRecord.Parsed back = GameRecord.read(text);
    assertThat(GameRecord.write(back.match(), back.headers())).isEqualTo(text);

    // Every throw of the record is the seed's, in order...
    SeededDice fromSeed = new SeededDice(seed);
    List<RecordedDice.Throw> recorded = back.dice().throwsRecorded();
    for (RecordedDice.Throw t : recorded) assertThat(t.matches(fromSeed.roll(), fromSeed.roll())).isTrue();
    // ...so the rebuilt match goes on with the dice the original would have thrown next.
    back.dice().continueWith(SeededDice.resumed(seed, back.dice().thrown()));
    Game original = m.game();
    Game rebuilt = back.match().game();
    for (int i = 0; i < 6 && !original.isOver(); i++) {
      if (original.phase() == Phase.PLAY) {
        var play = original.legalPlays().plays().get(0);
        original.play(play);
        rebuilt.play(play);
      } else {
        original.roll();
        rebuilt.roll();
      }
      assertThat(rebuilt.events()).isEqualTo(original.events());
    }
  }

  @Test
  void aResultHeaderThatTheGamesDoNotGiveIsRefusedWithItsLine() {
    String text = record("[Rules \"modern\"]", "[Match \"3\"]", "[Result \"white 9-0\"]");
    assertThatThrownBy(() -> GameRecord.read(text))
        .hasMessage("line 3: [Result \"white 9-0\"] does not match the games, which give \"*\"");
    assertThat(GameRecord.read(record("[Rules \"modern\"]", "[Result \"*\"]")).match().games()).hasSize(1);
  }

  @Test
  void aResultHeaderIsCheckedOnAFinishedMatchToo() {
    Match m = GameRecordTest.randomMatch(Rules.MODERN, 3, 7, Integer.MAX_VALUE);
    String text = GameRecord.write(m, Map.of());
    Side w = m.winner();
    String right = "[Result \"" + w.key() + " " + m.score(w) + "-" + m.score(w.opponent()) + "\"]";
    assertThat(text).contains(right);
    String wrong = text.replace(right, "[Result \"" + w.opponent().key() + " 9-0\"]");
    assertThatThrownBy(() -> GameRecord.read(wrong)).hasMessageStartingWith("line 4: [Result \"");
  }

  @Test
  void aTurnNumberOutOfSequenceIsRefused() {
    String text = record("[Rules \"modern\"]").replace("  1) white", "  2) white");
    assertThatThrownBy(() -> GameRecord.read(text))
        .hasMessage("line 6 (game 1, turn 2): expected turn 1, not 2");
    String huge = record("[Rules \"modern\"]").replace("  1) white", "99999999999999) white");
    assertThatThrownBy(() -> GameRecord.read(huge)).hasMessageContaining("expected turn 1, not 99999999999999");
  }

  @Test
  void aHeaderGivenTwiceIsRefused() {
    assertThatThrownBy(() -> GameRecord.read(record("[Rules \"modern\"]", "[White \"a\"]", "[White \"b\"]")))
        .hasMessage("line 3: the header [White] is given twice");
    assertThatThrownBy(() -> GameRecord.read(record("[Rules \"modern\"]", "[Rules \"original\"]")))
        .hasMessage("line 2: the header [Rules] is given twice");
  }

  @Test
  void aRuleOptionGivenTwiceIsRefused() {
    assertThatThrownBy(() -> Rules.parse("modern+doubles=squared+doubles=four"))
        .hasMessage("rule option 'doubles' is given twice");
    assertThatThrownBy(() -> GameRecord.read(record("[Rules \"modern+doubles=squared+doubles=four\"]")))
        .hasMessage("line 1: rule option 'doubles' is given twice");
  }

  @Test
  void aVeryLongHeaderValueIsReadWithoutOverflowingTheStack() {
    String name = "x\\\"".repeat(20_000) + "y".repeat(20_000);
    GameRecord.Parsed p = GameRecord.read(record("[Rules \"modern\"]", "[White \"" + name + "\"]"));
    assertThat(p.headers().get("White")).hasSize(60_000);
    String longDice = "1-".repeat(50_000) + "1";
    assertThatThrownBy(() -> GameRecord.read(record("[Rules \"modern\"]") + "  2) black " + longDice + ": pass\n"))
        .hasMessageContaining("line 7 (game 1): cannot read");
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedWithTheirLine() {
    byte[] good = record("[Rules \"modern\"]", "[White \"Zoé\"]").getBytes(StandardCharsets.UTF_8);
    assertThat(GameRecord.read(good).headers()).containsEntry("White", "Zoé");
    byte[] latin1 = record("[Rules \"modern\"]", "[White \"Zoé\"]").getBytes(StandardCharsets.ISO_8859_1);
    assertThatThrownBy(() -> GameRecord.read(latin1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("line 2: the record is not UTF-8 text");
    byte[] bom = ("\uFEFF" + record("[Rules \"modern\"]")).getBytes(StandardCharsets.UTF_8);
    assertThat(GameRecord.read(bom).match().rules()).isEqualTo(Rules.MODERN);
  }

  @Test
  void theWriterCommitsToAKnownSeedWithItsHash() {
    Match m = GameRecordTest.randomMatch(Rules.MODERN, 1, 3, 20);
    String text = GameRecord.write(m, Map.of("Seed", "3"));
    assertThat(text).contains("[SeedHash \"" + SeedHash.of(3) + "\"]");
    assertThat(GameRecord.write(m, Map.of("Seed", "3", "SeedHash", "abc"))).contains("[SeedHash \"abc\"]")
        .doesNotContain(SeedHash.of(3));
    assertThat(GameRecord.write(m, Map.of())).doesNotContain("SeedHash");
    // The same hash the server publishes: SHA-256 of the seed's decimal text.
    assertThat(SeedHash.of(42)).isEqualTo("73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049");
  }

  @Test
  void aLineBreakInAHeaderValueCannotBreakTheRecord() {
    Match m = GameRecordTest.randomMatch(Rules.MODERN, 1, 3, 20);
    String text = GameRecord.write(m, Map.of("White", "Alice\n[Rules \"original\"]"));
    assertThat(GameRecord.read(text).headers()).containsEntry("White", "Alice [Rules \"original\"]");
    assertThat(GameRecord.read(text).match().rules()).isEqualTo(Rules.MODERN);
  }

  @Test
  void malformedNumbersAreNamedNotLeakedAsJavaErrors() {
    List<String> messages = new ArrayList<>();
    for (String bad : List.of("Game x", "Game 99999999999999999999", "Game -1")) {
      try {
        GameRecord.read("[Rules \"modern\"]\n" + bad);
      } catch (IllegalArgumentException e) {
        messages.add(e.getMessage());
      }
    }
    assertThat(messages).containsExactly("line 2: 'x' is not a game number",
        "line 2: '99999999999999999999' is not a game number", "line 2: '-1' is not a game number");
    assertThatThrownBy(() -> GameRecord.read("[Rules \"modern\"]\n[Match \"99999999999\"]\nGame 1"))
        .hasMessage("line 2: '99999999999' is not a match length");
  }

  @Test
  void aRefusedRecordSaysWhereAndWhyInEnglishAndFrench() {
    String text = record("[Rules \"modern\"]").replace("1/7 7/12", "1/7 7/13");
    RecordException e = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> GameRecord.read(text), RecordException.class);
    assertThat(e.line()).isEqualTo(6);
    assertThat(e.game()).isEqualTo(1);
    assertThat(e.turn()).isEqualTo("1");
    assertThat(e.getMessage()).startsWith("line 6 (game 1, turn 1): illegal play: ");
    assertThat(e.message(java.util.Locale.FRENCH)).startsWith("ligne 6 (partie 1, tour 1) : coup illégal : ");
    RecordException twice = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> GameRecord.read(record("[Rules \"modern\"]", "[White \"a\"]", "[White \"b\"]")), RecordException.class);
    assertThat(twice.code()).isEqualTo("record-header-twice");
    assertThat(twice.message(java.util.Locale.FRENCH)).isEqualTo("ligne 3 : l'en-tête [White] est donné deux fois");
    RecordException rules = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> GameRecord.read(record("[Rules \"modern+doubles=squared+doubles=four\"]")), RecordException.class);
    assertThat(rules.code()).isEqualTo("rules-option-twice");
  }
}
