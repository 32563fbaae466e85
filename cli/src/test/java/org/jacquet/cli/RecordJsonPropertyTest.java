package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * Game records as JSON: generated matches round-trip, and mutated JSON (fields removed, of the
 * wrong type, unknown, huge numbers, broken text, bytes that are not UTF-8) is refused with an
 * {@link IllegalArgumentException} naming the place, or accepted only when it means the same
 * games once written back.
 */
class RecordJsonPropertyTest {
  private static final List<Rules> RULES = List.of(Rules.MODERN, Rules.VERSAILLES, Rules.MOULTEZIM,
      Rules.parse("modern+opening=winner-chooses"));

  static Match randomMatch(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Match m = new Match(RULES.get(r.nextInt(RULES.size())), 1 + r.nextInt(2), new SeededDice(seed));
    int actions = r.nextInt(4) == 0 ? Integer.MAX_VALUE : r.nextInt(200);
    while (!m.isOver() && actions-- > 0) {
      Game g = m.game();
      if (g.isOver()) {
        m.nextGame();
        continue;
      }
      switch (g.phase()) {
        case OPENING_THROW, ROLL -> g.roll();
        case OPENING_CHOICE -> g.chooseOpening(r.nextBoolean());
        case PLAY -> g.play(g.legalPlays().plays().get(r.nextInt(g.legalPlays().plays().size())));
        default -> throw new AssertionError();
      }
    }
    if (!m.isOver() && r.nextBoolean()) {
      if (m.game().isOver()) m.nextGame();
      m.game().resign(m.game().sideToAct());
    }
    return m;
  }

  private static ObjectNode json(long seed) {
    Match m = randomMatch(seed);
    String text = GameRecord.write(m, Map.of("White", "Zoé \"la renarde\"", "Seed", Long.toString(seed)));
    return RecordJson.toJson(GameRecord.read(text));
  }

  private static final JsonNode[] ODD_VALUES = {
      Json.MAPPER.getNodeFactory().numberNode(99999999999L), Json.MAPPER.getNodeFactory().numberNode(-1),
      Json.MAPPER.getNodeFactory().numberNode(1.5), Json.MAPPER.getNodeFactory().textNode(""),
      Json.MAPPER.getNodeFactory().textNode("x\ny"), Json.MAPPER.getNodeFactory().textNode("9-9"),
      Json.MAPPER.getNodeFactory().textNode("1/7 7/13"), Json.MAPPER.getNodeFactory().booleanNode(true),
      Json.MAPPER.getNodeFactory().nullNode(), Json.MAPPER.createArrayNode(), Json.MAPPER.createObjectNode(),
      Json.MAPPER.getNodeFactory().textNode("white"), Json.MAPPER.getNodeFactory().numberNode(3)};

  /** Every object and array in the tree, to pick one to damage. */
  private static void containers(JsonNode n, List<JsonNode> out) {
    if (n.isContainerNode()) out.add(n);
    for (JsonNode child : n) containers(child, out);
  }

  private static String mutate(ObjectNode root, SplittableRandom r) {
    List<JsonNode> nodes = new ArrayList<>();
    containers(root, nodes);
    JsonNode target = nodes.get(r.nextInt(nodes.size()));
    if (target instanceof ObjectNode o && o.size() > 0) {
      List<String> names = new ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      String name = names.get(r.nextInt(names.size()));
      switch (r.nextInt(3)) {
        case 0 -> o.remove(name);
        case 1 -> o.set(name, ODD_VALUES[r.nextInt(ODD_VALUES.length)]);
        default -> o.put("extra", 1);
      }
    } else if (target instanceof ArrayNode a && a.size() > 0) {
      int i = r.nextInt(a.size());
      switch (r.nextInt(3)) {
        case 0 -> a.remove(i);
        case 1 -> a.insert(r.nextInt(a.size()), a.get(i).deepCopy());
        default -> a.set(i, ODD_VALUES[r.nextInt(ODD_VALUES.length)]);
      }
    }
    String text = Json.line(root);
    return switch (r.nextInt(4)) {
      case 0 -> text.substring(0, r.nextInt(text.length() + 1));
      case 1 -> {
        int at = r.nextInt(text.length() + 1);
        yield text.substring(0, at) + "\"]}[{,:\u0000\ufffd9".charAt(r.nextInt(9)) + text.substring(at);
      }
      default -> text;
    };
  }

  private static void sameGames(GameRecord.Parsed a, GameRecord.Parsed b) {
    assertThat(b.match().games()).hasSameSizeAs(a.match().games());
    for (int g = 0; g < a.match().games().size(); g++) {
      assertThat(b.match().games().get(g).events()).isEqualTo(a.match().games().get(g).events());
    }
  }

  @Test
  void generatedRecordsRoundTripThroughJson() {
    qt().withExamples(80).forAll(longs().all()).checkAssert(seed -> {
      ObjectNode json = json(seed);
      GameRecord.Parsed back = RecordJson.read(Json.line(json));
      assertThat(RecordJson.toJson(back)).isEqualTo(json);
      GameRecord.Parsed fromBytes = RecordJson.readTextOrJson(Json.line(json).getBytes(StandardCharsets.UTF_8));
      sameGames(back, fromBytes);
    });
  }

  @Test
  void aFieldGivenTwiceOrAnythingAfterTheRecordIsRefusedNotReadOneWay() {
    String record = Json.line(json(7));
    assertThat(record).startsWith("{\"rules\":");
    String twice = "{\"rules\":\"versailles\"," + record.substring(1);
    String after = record + " {\"rules\":\"versailles\"}";
    assertThat(RecordJson.read(record)).isNotNull();
    for (String[] bad : new String[][] {{twice, "Duplicate field 'rules'"}, {after, "line 1"}, {record + " garbage", "garbage"}}) {
      try {
        RecordJson.read(bad[0]);
        fail("read: " + bad[0]);
      } catch (IllegalArgumentException e) {
        assertThat(e.getMessage()).startsWith("not valid JSON at line 1").contains(bad[1]);
      }
    }
  }

  @Test
  void mutatedJsonIsRefusedNamingThePlaceOrMeansWhatItSays() {
    qt().withExamples(300).forAll(longs().all()).checkAssert(seed -> {
      String mutated = mutate(json(seed), new SplittableRandom(seed));
      GameRecord.Parsed parsed;
      try {
        parsed = RecordJson.read(mutated);
      } catch (IllegalArgumentException e) {
        assertThat(e.getMessage()).as("message for %s", mutated).isNotBlank().hasSizeLessThan(400)
            .doesNotContain("\n", "Exception", "java.")
            .matches("(not valid JSON|the record|rules|match|position|headers|games).*");
        return;
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("JSON " + mutated + " gave " + e, e);
      }
      try {
        sameGames(parsed, RecordJson.read(Json.line(RecordJson.toJson(parsed))));
      } catch (IllegalArgumentException | AssertionError e) {
        fail("accepted JSON " + mutated + " does not read back the same: " + e.getMessage());
      }
    });
  }

  @Test
  void jsonBytesThatAreNotUtf8AreRefused() {
    byte[] bytes = Json.line(json(1)).replace("Zoé", "Zo\u00e9").getBytes(StandardCharsets.ISO_8859_1);
    try {
      RecordJson.readTextOrJson(bytes);
      fail("accepted");
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).isEqualTo("the JSON record is not UTF-8 text");
    }
  }
}
