package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis reports name points as the game screens do; their JSON keeps the record's numbers. */
class AnalysisPointNamesTest extends ConsoleCapture {
  @TempDir Path dir;

  /** A step as a report line shows it: "j/n", "h/off" in letters; "10/14", "20/off" in numbers. */
  private static final String LETTER_STEP = "\\b[a-x]/([a-x]|off)\\b";
  private static final String NUMBER_STEP = "\\b\\d{1,2}/(\\d{1,2}|off)\\b";

  @Test
  void theTextAndHtmlReportsWriteTheBoardLettersByDefault() throws Exception {
    Path rec = TestRecords.shortRace(dir, "g.txt");
    Path html = dir.resolve("r.html");
    assertThat(run("analyze", rec.toString(), "--all", "--lang", "en", "--html", html.toString())).isZero();
    assertThat(out()).containsPattern(LETTER_STEP).doesNotContainPattern(NUMBER_STEP);
    assertThat(Files.readString(html)).containsPattern("<b>[a-x]/([a-x]|off)").doesNotContainPattern("<b>\\d{1,2}/");
    assertThat(run("analyze", rec.toString(), "--json")).isZero();
    assertThat(out()).containsPattern("\"played\":\"" + NUMBER_STEP.substring(2)); // a machine's format keeps the numbers
  }

  @Test
  void theMoversNumbersAreOfferedAndAnUnknownNamingIsRefusedInFrench() throws Exception {
    Path rec = TestRecords.shortRace(dir, "g.txt");
    assertThat(run("analyze", rec.toString(), "--all", "--lang", "en", "--point-names", "mover")).isZero();
    assertThat(out()).containsPattern(NUMBER_STEP).doesNotContainPattern(LETTER_STEP);
    assertThat(run("analyze", rec.toString(), "--lang", "fr", "--point-names", "chiffres")).isEqualTo(2);
    assertThat(err()).contains("--point-names chiffres : inconnu").contains("letters").contains("mover");
    assertThat(out()).isEmpty();
  }
}
