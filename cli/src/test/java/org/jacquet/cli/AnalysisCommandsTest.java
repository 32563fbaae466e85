package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.jacquet.ai.analysis.Mark;
import org.jacquet.ai.analysis.Rating;
import org.jacquet.cli.play.Texts;
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

  private Path record(String name) throws Exception {
    return TestRecords.shortRace(dir, name);
  }

  @Test
  void analyzeWritesJsonHtmlAndAGraph() throws Exception {
    Path rec = record("g.txt");
    Path html = dir.resolve("r.html");
    Path png = dir.resolve("g.png");
    assertThat(run("analyze", rec.toString(), "--json", "--html", html.toString(), "--graph", png.toString(), "--lang", "fr")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("turns").size()).isPositive();
    assertThat(json.get("players")).hasSize(2);
    // --lang is for people: the JSON for programs keeps its English values.
    Set<String> marks = Arrays.stream(Mark.values()).map(Mark::text).collect(Collectors.toSet());
    for (JsonNode t : json.get("turns")) assertThat(t.get("mark").asText()).isIn(marks);
    Set<String> ratings = Arrays.stream(Rating.values()).map(Rating::text).collect(Collectors.toSet());
    for (JsonNode p : json.get("players")) assertThat(p.get("rating").asText()).isIn(ratings);
    assertThat(Files.readString(html)).contains("<html lang=\"fr\">").contains("<svg").contains("<h2>Résumé</h2>")
        .contains("<th>Blancs</th><th>Noirs</th>").contains("<td>Décisions</td>").contains("<td>Taux d’erreur (millièmes par décision)</td>")
        .contains("<td>Résultat sans la chance</td>").contains("<h2>Coups signalés</h2>").contains("Règles modernes.")
        .contains("Chances de gain des Blancs").doesNotContain("Summary").doesNotContain("Luck").doesNotContain("Rating");
    byte[] header = Arrays.copyOf(Files.readAllBytes(png), 4);
    assertThat(header).containsExactly(0x89, 'P', 'N', 'G');
  }

  @Test
  void analyzeSpeaksFrenchWithTheWebAppsWordsUnderAFrenchSystem() throws Exception {
    Path rec = record("g.txt");
    Locale system = Locale.getDefault();
    Locale.setDefault(Locale.FRANCE); // no --lang: the system's language
    String text;
    try {
      assertThat(run("analyze", rec.toString())).isZero();
      text = out();
    } finally {
      Locale.setDefault(system);
    }
    assertThat(text).startsWith("Analyse de g.txt (règles modernes, ").contains("niveau classe mondiale ; pour le match en 1 point : ")
        .contains("\nPartie 1\n").contains("Blancs").contains("Noirs").containsPattern("\\d+\\) (Blancs|Noirs) ")
        .containsPattern("(douteux|mauvais|très mauvais) +-\\d,\\d{3} \\(chances de match [-+]\\d+,\\d\u00a0%\\)  meilleur ")
        .doesNotContainPattern("\\d\\.\\d") // numbers the French way: a decimal comma
        .contains("chance ").containsPattern("\\nDécisions +\\d+ +\\d+\\n").contains("\nDouteux / mauvais / très mauvais ")
        .contains("\nErreur totale (points) ").contains("\nTaux d’erreur (millièmes/décision) ")
        .containsPattern("\\nNiveau +(classe mondiale|expert|avancé|intermédiaire|joueur occasionnel|débutant|catastrophique) +"
            + "(classe mondiale|expert|avancé|intermédiaire|joueur occasionnel|débutant|catastrophique|aucune décision)\\n")
        .contains("\nChance (points) ").contains("\nRésultat (points) ").contains("\nRésultat sans la chance ");
    for (String english : List.of("Analysis", "Game", "Decisions", "Rating", "Luck", "luck", "best", "white", "black", "doubtful", "bad",
        "Total", "Error", "Result", "world-class", "MWC", "turn")) {
      assertThat(text).as(english).doesNotContain(english);
    }
    assertColumnsAligned(text);
  }

  /** The summary's rows (after the last blank line) are one table: its longest words widen its columns. */
  private static void assertColumnsAligned(String text) {
    String[] rows = text.substring(text.lastIndexOf("\n\n") + 2).split("\n");
    assertThat(rows).hasSize(9);
    for (String row : rows) assertThat(row).as(row).hasSize(rows[0].length()).doesNotEndWith(" ");
  }

  @Test
  void analyzeInEnglishSaysWhatItAlwaysSaid() throws Exception {
    Path rec = record("g.txt");
    Path html = dir.resolve("r.html");
    assertThat(run("analyze", rec.toString(), "--lang", "en", "--html", html.toString())).isZero();
    assertThat(out()).startsWith("Analysis of g.txt (modern, ").contains("world-class level; for the match to 1: ")
        .contains("\nGame 1\n").containsPattern("(doubtful|bad|very bad) +-\\d\\.\\d{3} \\(MWC [-+]\\d+\\.\\d%\\)  best ")
        .containsPattern("\\n {28} {10}white {10}black\\n").containsPattern("\\nDecisions {19} +\\d+ +\\d+\\n")
        .contains("\nDoubtful / bad / very bad ").contains("\nTotal error (points) ").contains("\nError rate (mpts/decision) ")
        .contains("\nRating ").contains("\nLuck (points) ").contains("\nResult (points) ").contains("\nLuck-adjusted result ");
    assertColumnsAligned(out());
    assertThat(Files.readString(html)).contains("<html lang=\"en\">").contains("<h2>Summary</h2>").contains("<th>White</th><th>Black</th>")
        .contains("<td>Luck-adjusted result</td>").contains("Rules modern.")
        .contains("world-class level; for the match to 1: errors in equivalent points").doesNotContain("points per game");
  }

  @Test
  void analyzeRefusesALanguageItDoesNotSpeak() throws Exception {
    Path rec = record("g.txt");
    assertThat(run("analyze", rec.toString(), "--lang", "de")).isEqualTo(2);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("jacquet analyze: --lang must be fr or en, not 'de'" + System.lineSeparator());
    assertThat(run("play", "--lang", "de")).isEqualTo(2);
    assertThat(err()).isEqualTo("jacquet play: --lang must be fr or en, not 'de'" + System.lineSeparator());
  }

  @Test
  void theReviewsWordsExistInBothLanguagesAndTheEnglishOnesAreTheJsons() {
    ResourceBundle en = ResourceBundle.getBundle("org.jacquet.cli.analysis_messages", Locale.ENGLISH,
        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    ResourceBundle fr = ResourceBundle.getBundle("org.jacquet.cli.analysis_messages", Locale.FRENCH,
        ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    assertThat(fr.getLocale()).isEqualTo(Locale.FRENCH);
    assertThat(Collections.list(fr.getKeys())).containsExactlyInAnyOrderElementsOf(Collections.list(en.getKeys()));
    Texts english = AnalysisReport.texts(Locale.ENGLISH);
    Texts french = AnalysisReport.texts(Locale.FRENCH);
    for (Mark m : Mark.values()) {
      if (m == Mark.NONE) continue;
      assertThat(AnalysisReport.mark(english, m)).isEqualTo(m.text());
      assertThat(AnalysisReport.mark(french, m)).isNotEqualTo(m.text());
    }
    for (Rating r : Rating.values()) assertThat(AnalysisReport.rating(english, r)).isEqualTo(r.text());
    assertThat(AnalysisReport.rating(french, Rating.CASUAL)).isEqualTo("joueur occasionnel");
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
  void aRecordWithASeedButNoHashGainsTheSameHashInTextAndInJson() throws Exception {
    Path rec = record("seeded.txt"); // its dice are seed 8's
    String text = Files.readString(rec).replaceFirst("(?m)^\\[Rules ", "[Seed \"8\"]\n[Rules ");
    assertThat(text).contains("[Seed \"8\"]").doesNotContain("SeedHash");
    Files.writeString(rec, text);
    String hash = org.jacquet.engine.game.SeedHash.of(8);
    assertThat(run("convert", rec.toString(), "--to", "record")).isZero();
    assertThat(out()).contains("[SeedHash \"" + hash + "\"]");
    assertThat(run("convert", rec.toString(), "--to", "json")).isZero();
    assertThat(Json.MAPPER.readTree(out()).get("headers").get("SeedHash").asText()).isEqualTo(hash);
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
    String hash = org.jacquet.server.game.Tokens.seedHash(seed);
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
