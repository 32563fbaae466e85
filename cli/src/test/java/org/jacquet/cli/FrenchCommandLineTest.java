package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.SeedHash;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * French everywhere with {@code --lang fr} or a French system language: the command line's
 * refusals (picocli's included), the record errors, what verify, moves and convert print, and
 * the words of hint, rollout and duel — never English words beside French decimal commas.
 */
class FrenchCommandLineTest extends ConsoleCapture {
  private static final String START = "white=1:15 black=1:15 turn=white";
  private static final Locale SYSTEM = Locale.getDefault();

  @TempDir Path dir;

  @AfterEach
  void putTheSystemLanguageBack() {
    Locale.setDefault(SYSTEM);
  }

  @Test
  void refusalsOfTheCommandLineAreFrench() {
    assertThat(run("play", "--lang", "fr", "--match", "0")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet play: --match doit être compris entre 1 et 999, pas 0\n");
    assertThat(run("hint", "--lang", "fr", "--dice", "6-5")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet hint: option obligatoire manquante : '--position=TEXT' (voir jacquet hint --help)\n");
    assertThat(run("rollout", "--lang=fr", "--position", START, "--games", "x")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet rollout: valeur invalide pour '--games' : 'x' n'est pas un nombre entier (voir jacquet rollout --help)\n");
    assertThat(run("moves", "--lang", "fr", "--positio", "x")).isEqualTo(Main.USAGE);
    assertThat(err()).startsWith("jacquet moves: option inconnue : '--positio'");
    assertThat(run("duel", "--lang", "fr", "expert", "champion")).isEqualTo(Main.USAGE);
    assertThat(err()).startsWith("jacquet duel: niveau inconnu 'champion' ; niveaux : random,");
    assertThat(run("moves", "--lang", "fr", "--rules", "modern+return-checkers=02", "--position", START, "--dice", "6-5"))
        .isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet moves: valeur '02' invalide pour l'option de règle 'return-checkers' ; valeurs possibles : 1, 2\n");
  }

  @Test
  void aFrenchSystemLanguageIsEnoughAndLangEnOverridesIt() {
    Locale.setDefault(Locale.FRANCE);
    assertThat(run("play", "--match", "0")).isEqualTo(Main.USAGE);
    assertThat(err()).contains("doit être compris entre 1 et 999");
    assertThat(run("play", "--match", "0", "--lang", "en")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet play: --match must be between 1 and 999, not 0\n");
  }

  @Test
  void recordErrorsFromAnalyzeAreFrench() throws Exception {
    Path bad = dir.resolve("bad.txt");
    Files.writeString(bad, "[Rules \"modern\"]\nGame 1\nwhite 6-5: 1/12 \n");
    assertThat(run("analyze", bad.toString(), "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).startsWith("jacquet analyze: " + bad + " n'est pas un enregistrement de partie valide : ligne ")
        .doesNotContain(" line ").hasLineCount(1);
    assertThat(run("analyze", dir.resolve("none.txt").toString(), "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).isEqualTo("jacquet analyze: " + dir.resolve("none.txt") + ": fichier introuvable\n");
  }

  @Test
  void verifyMovesAndConvertPrintFrench() throws Exception {
    Path rec = TestRecords.shortRace(dir, "g.txt");
    // Its dice are seed 8's; the writer commits to the seed with its hash.
    Files.writeString(rec, GameRecord.write(GameRecord.read(Files.readString(rec)).match(), Map.of("Seed", "8")));
    assertThat(run("verify", rec.toString(), "--lang", "fr")).isZero();
    assertThat(out()).contains("OK : la graine correspond au [SeedHash] de l'enregistrement")
        .contains("1 partie rejouée selon les règles (modernes) : chaque coup est légal").doesNotContain("the seed");
    assertThat(run("verify", rec.toString(), "--lang", "fr", "--hash", SeedHash.of(9))).isEqualTo(Main.FAILURE);
    assertThat(out()).contains("ÉCHEC : la graine 8 ne correspond pas à l'empreinte donnée par --hash");

    assertThat(run("moves", "--lang", "fr", "--position", START, "--dice", "6-5")).isZero();
    assertThat(out()).startsWith("1 coup légal avec 6-5 :").doesNotContain("legal");
    assertThat(run("moves", "--lang", "fr", "--position", "white=24:1 black=1:15 turn=white", "--dice", "6-6")).isZero();
    assertThat(out()).startsWith("1 coup légal avec 6-6 (dés injouables : 6, 6, 6) :");

    assertThat(run("convert", "--lang", "fr", "--position", START, "--to", "yaml")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet convert: une position se convertit --to text, id ou json, pas 'yaml'\n");
    Path json = dir.resolve("g.json");
    Files.writeString(json, "{\"rules\":\"modern\",\"games\":3}");
    assertThat(run("convert", json.toString(), "--to", "record", "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).isEqualTo("jacquet convert: " + json + " n'est pas un enregistrement JSON valide : games : doit être un tableau de parties\n");
    // A record error found while replaying: the engine's French.
    Files.writeString(rec, Files.readString(rec).replace("Score: white 0", "Score: white 1"));
    assertThat(run("convert", rec.toString(), "--to", "json", "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).contains("n'est pas un enregistrement de partie valide : ligne ");
  }

  @Test
  void hintRolloutAndDuelSpeakOneLanguageWithItsNumbers() {
    assertThat(run("hint", "--lang", "fr", "--position", START, "--dice", "3-1", "--level", "expert")).isZero();
    assertThat(out()).startsWith("Les Blancs jouent 3-1 (modern), classement par Expert :")
        .contains("coup").contains("gain 2+").contains("perte 2+").containsPattern("[+-]0,\\d{3}").doesNotContain("win").doesNotContain("ply");
    Locale.setDefault(Locale.FRANCE); // a French system, English asked for: English words, English numbers
    assertThat(run("hint", "--lang", "en", "--position", START, "--dice", "3-1", "--level", "expert")).isZero();
    assertThat(out()).startsWith("White to play 3-1 (modern), ranked by Expert:").containsPattern("[+-]0\\.\\d{3}").doesNotContainPattern("\\d,\\d");
    assertThat(run("rollout", "--position", "white=22:1,23:2 black=21:2,24:1 turn=white", "--games", "72", "--threads", "1")).isZero();
    assertThat(out()).startsWith("Déroulé de ").contains("72 essais").contains("pour les Blancs au trait")
        .contains("espérance").contains("points par partie").containsPattern("\\d,\\d\\d%").doesNotContain("win");
    assertThat(run("duel", "random", "heuristic", "--games", "20", "--threads", "1")).isZero();
    assertThat(out()).startsWith("random contre heuristic, règles modern, 20 parties aux dés dupliqués, graine 1,")
        .contains("random gagne ").contains("intervalle à 95 %").contains("points par partie").doesNotContain(" wins ");
  }
}
