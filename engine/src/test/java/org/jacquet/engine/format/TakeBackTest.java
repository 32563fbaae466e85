package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class TakeBackTest {
  static final Rules MODERN = Rules.parse("modern");

  /** A match from the race position, White having thrown and played its first throw. */
  static Match afterWhitesPlay() {
    Match m = new Match(MODERN, 1, new SeededDice(7), Position.parse("white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white"));
    m.game().roll();
    m.game().play(m.game().legalPlays().plays().get(0).notation());
    return m;
  }

  @Test
  void theLastPlayIsStruckOutAndItsDiceStayToBePlayedAgain() {
    Match m = afterWhitesPlay();
    String record = GameRecord.write(m, Map.of());
    String taken = TakeBack.lastPlay(record, Side.WHITE);
    assertThat(taken).isNotNull();
    Match back = GameRecord.read(taken).match();
    assertThat(back.game().phase()).isEqualTo(Phase.PLAY);
    assertThat(back.game().sideToAct()).isEqualTo(Side.WHITE);
    assertThat(back.game().diceToPlay().toString()).isEqualTo(m.game().events().stream()
        .filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).map(e -> ((org.jacquet.engine.game.GameEvent.Turn) e).dice().toString()).findFirst().orElseThrow());
    assertThat(back.game().position()).isEqualTo(Position.parse("white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white"));
  }

  @Test
  void nothingIsTakenBackOnceTheOtherSideHasThrownOrForTheOtherSide() {
    Match m = afterWhitesPlay();
    assertThat(TakeBack.lastPlay(GameRecord.write(m, Map.of()), Side.BLACK)).as("not Black's play").isNull();
    m.game().roll(); // Black throws: White's play stands
    assertThat(TakeBack.lastPlay(GameRecord.write(m, Map.of()), Side.WHITE)).isNull();
    Match fresh = new Match(MODERN, 1, new SeededDice(7), null);
    assertThat(TakeBack.lastPlay(GameRecord.write(fresh, Map.of()), Side.WHITE)).as("nothing played").isNull();
  }
}
