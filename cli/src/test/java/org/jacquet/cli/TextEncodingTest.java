package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text in and out whatever the system says: standard output and error in UTF-8 under the C
 * locale, and records that begin with a UTF-8 byte-order mark read by every command.
 */
class TextEncodingTest extends ConsoleCapture {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  @TempDir Path dir;

  /** A short unfinished game (two turns of a race), as a record. */
  private String record() {
    Match m = new Match(Rules.MODERN, 1, new SeededDice(8),
        org.jacquet.engine.Position.parse("white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white"));
    SplittableRandom random = new SplittableRandom(8);
    Game g = m.game();
    for (int i = 0; i < 6 && !g.isOver(); i++) {
      if (g.phase() == org.jacquet.engine.game.Phase.ROLL) g.roll();
      else g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
    }
    return GameRecord.write(m, Map.of("White", "Ren\u00e9", "Black", "B", "Seed", "8"));
  }

  private Path withBom(String name, String text) throws Exception {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[BOM.length + body.length];
    System.arraycopy(BOM, 0, all, 0, BOM.length);
    System.arraycopy(body, 0, all, BOM.length, body.length);
    return Files.write(dir.resolve(name), all);
  }

  @Test
  void aRecordWithAByteOrderMarkIsReadByEveryCommandThatReadsRecords() throws Exception {
    Path rec = withBom("bom.txt", record());
    assertThat(run("verify", rec.toString())).as(err()).isZero();
    assertThat(run("analyze", rec.toString(), "--json")).as(err()).isZero();
    assertThat(run("convert", rec.toString(), "--to", "json")).as(err()).isZero();
    String json = out();
    assertThat(json).contains("Ren\u00e9");
    Path jsonWithBom = withBom("bom.json", json);
    assertThat(run("convert", jsonWithBom.toString(), "--to", "record")).as(err()).isZero();
    assertThat(out()).contains("[White \"Ren\u00e9\"]");
    stdin("quit\ny\n");
    assertThat(run("play", "--lang", "en", "--load", rec.toString(), "--record", dir.resolve("on.txt").toString())).as(err()).isZero();
    assertThat(out()).contains("Game loaded from " + rec);
  }

  /** {@code jacquet args…} in a process of its own under the C locale: status, standard output, standard error. */
  private static String[] underTheCLocale(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "org.jacquet.cli.Main"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE") || k.startsWith("JAVA_TOOL"));
    pb.environment().put("LANG", "C");
    pb.environment().put("LC_ALL", "C");
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process p = pb.start();
    java.util.concurrent.CompletableFuture<byte[]> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return p.getInputStream().readAllBytes();
      } catch (java.io.IOException e) {
        return new byte[0];
      }
    });
    byte[] err = p.getErrorStream().readAllBytes();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new String[] {Integer.toString(p.exitValue()), new String(out.get(), StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8)};
  }

  @Test
  void underTheCLocaleOutputAndErrorsAreStillUtf8() throws Exception {
    Path rec = Files.writeString(dir.resolve("game.txt"), record());
    String[] analyze = underTheCLocale("analyze", rec.toString(), "--lang", "fr");
    assertThat(analyze[0]).as(analyze[2]).isEqualTo("0");
    assertThat(analyze[1]).contains("(r\u00e8gles ").doesNotContain("?");
    Path old = Files.writeString(dir.resolve("old.txt"), record());
    String[] play = underTheCLocale("play", "--lang", "fr", "--record", old.toString());
    assertThat(play[0]).isEqualTo("2");
    assertThat(play[2]).contains("existe d\u00e9j\u00e0 et n\u2019est pas vide").doesNotContain("?");
  }
}
