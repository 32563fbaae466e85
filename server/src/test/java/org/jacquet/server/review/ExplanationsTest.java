package org.jacquet.server.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** Why a throw was lost, and why a checker may not move, as the page is told. */
class ExplanationsTest {
  static Game game(String position, int... dice) {
    int[] next = {0};
    return new Game(Rules.parse("modern"), () -> dice[next[0]++ % dice.length], Position.parse(position), true);
  }

  static List<String> codes(JsonNode reasons) {
    List<String> out = new ArrayList<>();
    reasons.forEach(r -> out.add(r.get("code").asText() + r.get("params").toString()));
    return out;
  }

  @Test
  void aThrowThatCannotBePlayedIsExplainedByEachRuleThatStopsIt() {
    // White's postilion on 2 would go to 8, held by Black; the others may not leave before it.
    Game g = game("white=1:14,2:1 black=1:14,20:1 turn=white", 6, 6);
    g.roll();
    ObjectNode lost = Explanations.lostDice(g.rules(), g.events());
    assertThat(lost.get("side").asText()).isEqualTo("white");
    assertThat(lost.get("pass").asBoolean()).isTrue();
    assertThat(lost.get("dice").asText()).isEqualTo("6-6");
    assertThat(codes(lost.get("reasons"))).containsExactly(
        "postilion-first{\"entry\":19,\"postilion\":2}", "point-held-by-opponent{\"to\":8}");
  }

  @Test
  void aPlayedThrowOrAWinningOneLosesNothing() {
    Game g = game("white=1:15 black=1:15 turn=white", 6, 5);
    g.roll();
    g.play(g.legalPlays().plays().get(0));
    assertThat(Explanations.lostDice(g.rules(), g.events())).isNull();
    Game last = game("white=24:1 black=1:15 turn=white", 6, 5);
    last.roll();
    last.play(last.legalPlays().plays().get(0));
    assertThat(Explanations.lostDice(last.rules(), last.events())).isNull();
  }

  @Test
  void aCheckerThatMayNotMoveSaysWhy() {
    Game g = game("white=1:14,2:1 black=1:14,20:1 turn=white", 6, 5);
    g.roll();
    TurnBuilder t = new TurnBuilder(g.rules(), g.legalPlays());
    ObjectNode blocked = Explanations.blocked(t, Side.WHITE, t.current());
    assertThat(blocked.get("1").get("code").asText()).isEqualTo("postilion-first");
    assertThat(blocked.has("2")).as("the postilion can move with the 5").isFalse();
    assertThat(t.steps()).as("the turn is left as it was").isEmpty();
  }

  @Test
  void aCheckerThatMayNotMoveSaysWhyForEachDie() {
    // From 1 the 5 lands on 6 and the 6 on 7, both held by Black (its 18 and 19): two reasons.
    Game g = game("white=1:14,19:1 black=1:13,18:1,19:1 turn=white", 6, 5);
    g.roll();
    TurnBuilder t = new TurnBuilder(g.rules(), g.legalPlays());
    ObjectNode why = (ObjectNode) Explanations.blocked(t, Side.WHITE, t.current()).get("1");
    assertThat(why.get("byDie").size()).isEqualTo(2);
    assertThat(why.get("byDie").get(0).get("die").asInt()).isEqualTo(5);
    assertThat(why.get("byDie").get(0).get("code").asText()).isEqualTo("point-held-by-opponent");
    assertThat(why.get("byDie").get(0).get("params").get("to").asInt()).isEqualTo(6);
    assertThat(why.get("byDie").get(1).get("die").asInt()).isEqualTo(6);
    assertThat(why.get("byDie").get(1).get("params").get("to").asInt()).isEqualTo(7);
    assertThat(why.get("params").get("to").asInt()).as("the first die's reason at the top, as before").isEqualTo(6);
  }
}
