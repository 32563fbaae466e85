package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyze, convert and verify on real records. */
class AnalysisCommandsTest extends ConsoleCapture {
  @TempDir Path dir;

  /** A short random game from a set-up race, written as a record. */
  private Path record(String name) throws Exception {
    Match m = new Match(Rules.MODERN, 1, new SeededDice(8),
        org.jacquet.engine.Position.parse("white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white"));
    SplittableRandom random = new SplittableRandom(8);
    Game g = m.game();
    while (!g.isOver()) {
      if (g.phase() == org.jacquet.engine.game.Phase.ROLL) g.roll();
      else g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
    }
    Path file = dir.resolve(name);
    Files.writeString(file, GameRecord.write(m, Map.of("White", "A", "Black", "B")));
    return file;
  }

  @Test
  void analyzeWritesJsonHtmlAndAGraph() throws Exception {
    Path rec = record("g.txt");
    Path html = dir.resolve("r.html");
    Path png = dir.resolve("g.png");
    assertThat(run("analyze", rec.toString(), "--json", "--html", html.toString(), "--graph", png.toString())).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("turns").size()).isPositive();
    assertThat(json.get("players")).hasSize(2);
    assertThat(Files.readString(html)).contains("<svg").contains("Summary").contains("Luck-adjusted result");
    byte[] header = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
    assertThat(header).containsExactly(0x89, 'P', 'N', 'G');
  }

  @Test
  void aRecordGoesToJsonAndBackUnchanged() throws Exception {
    Path rec = record("g.txt");
    assertThat(run("convert", rec.toString(), "--to", "json")).isZero();
    Path json = dir.resolve("g.json");
    Files.writeString(json, out());
    assertThat(run("convert", json.toString(), "--to", "record")).isZero();
    assertThat(out()).isEqualTo(GameRecord.write(GameRecord.read(Files.readString(rec)).match(),
        GameRecord.read(Files.readString(rec)).headers()));
  }

  @Test
  void aPositionGoesToItsIdAndBack() {
    assertThat(run("convert", "--position", "white=1:14,7:1 black=1:15 turn=black", "--to", "id")).isZero();
    String id = out().trim();
    assertThat(id).isEqualTo("_38gAAD_fwAAAA");
    assertThat(run("convert", "--position", id, "--to", "text")).isZero();
    assertThat(out().trim()).isEqualTo("white=1:14,7:1 black=1:15 turn=black");
  }

  @Test
  void verifyAcceptsTheSeedsDiceAndRefusesOthers() throws Exception {
    long seed = 12345;
    Match m = new Match(Rules.MODERN, 1, new SeededDice(seed));
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 30 && !m.game().isOver(); i++) {
      Game g = m.game();
      switch (g.phase()) {
        case OPENING_THROW, ROLL -> g.roll();
        case PLAY -> g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
        default -> g.chooseOpening(false);
      }
    }
    String hash = org.jacquet.server.Tokens.seedHash(seed);
    Path good = dir.resolve("good.txt");
    Files.writeString(good, GameRecord.write(m, Map.of("Seed", Long.toString(seed), "SeedHash", hash)));
    assertThat(run("verify", good.toString())).isZero();
    assertThat(out()).contains("OK: the seed matches the record's [SeedHash]");
    Path wrong = dir.resolve("wrong.txt");
    Files.writeString(wrong, GameRecord.write(m, Map.of("Seed", Long.toString(seed + 1), "SeedHash", hash)));
    assertThat(run("verify", wrong.toString())).isEqualTo(1);
    assertThat(out()).startsWith("FAILED: the seed");
  }
}
