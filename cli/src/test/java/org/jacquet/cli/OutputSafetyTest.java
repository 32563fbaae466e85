package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * Nothing the user made is written over: an output that is an input or another output, a
 * {@code play --record} file that holds a game, an in-game {@code save} over another file
 * (asked first, in the player's language).
 */
class OutputSafetyTest extends ConsoleCapture {
  @TempDir Path dir;

  private Path record(String name) throws Exception {
    return TestRecords.shortRace(dir, name);
  }

  @Test
  void analyzeNeverWritesOverTheRecordNorOneReportOverTheOther() throws Exception {
    Path rec = record("g.txt");
    String before = Files.readString(rec);
    Files.createDirectories(dir.resolve("sub"));
    String sameByAnotherName = dir.resolve("sub").resolve("..").resolve("g.txt").toString();
    for (String[] args : new String[][] {{"--html", rec.toString()}, {"--html", sameByAnotherName},
        {"--graph", dir.resolve("g.svg").toString(), "--html", dir.resolve("g.svg").toString()},
        {"--graph", dir.resolve("sub/../out.svg").toString(), "--html", dir.resolve("out.svg").toString()}}) {
      String[] command = new String[args.length + 2];
      command[0] = "analyze";
      command[1] = rec.toString();
      System.arraycopy(args, 0, command, 2, args.length);
      assertThat(run(command)).as(String.join(" ", command)).isEqualTo(Main.USAGE);
      assertThat(err()).hasLineCount(1).contains("is the same file as ").contains("it would be overwritten; name another file");
    }
    assertThat(Files.readString(rec)).isEqualTo(before);
    assertThat(dir.resolve("g.svg")).doesNotExist();
    assertThat(dir.resolve("out.svg")).doesNotExist();
    // A symbolic link to the record is the record.
    Path link = Files.createSymbolicLink(dir.resolve("link.html"), rec);
    assertThat(run("analyze", rec.toString(), "--html", link.toString())).isEqualTo(Main.USAGE);
    assertThat(Files.readString(rec)).isEqualTo(before);
  }

  @Test
  void trainNeverWritesItsNetworkOverItsSamples() throws Exception {
    Path samples = Files.writeString(dir.resolve("samples.txt"), "hours of work\n");
    assertThat(run("train", "--supervised", samples.toString(), "--out", samples.toString())).isEqualTo(Main.USAGE);
    assertThat(err()).hasLineCount(1).contains("--out " + samples + " is the same file as the samples (--supervised)");
    assertThat(Files.readString(samples)).isEqualTo("hours of work\n");
  }

  @Test
  void playRefusesARecordFileThatHoldsAnotherGameInThePlayersLanguage() throws Exception {
    Path old = record("old.txt");
    String before = Files.readString(old);
    assertThat(run("play", "--lang", "en", "--record", old.toString(), "--level", "random")).isEqualTo(Main.USAGE);
    assertThat(err()).isEqualTo("jacquet play: " + old + " exists already and is not empty: --record never writes over a file."
        + " To go on with the game in it, use --load " + old + "; else name another file.\n");
    assertThat(run("play", "--lang", "fr", "--record", old.toString(), "--level", "random")).isEqualTo(Main.USAGE);
    assertThat(err()).hasLineCount(1).contains(old + " existe déjà et n’est pas vide : --record n’écrit jamais par-dessus un fichier.")
        .contains("utilisez --load " + old);
    assertThat(Files.readString(old)).isEqualTo(before);
    // An empty file loses nothing.
    Path empty = Files.createFile(dir.resolve("empty.txt"));
    stdin("quit\ny\n");
    assertThat(run("play", "--lang", "en", "--record", empty.toString(), "--level", "random", "--seed", "1")).isZero();
    assertThat(Files.readString(empty)).contains("[Seed \"1\"]");
    // The record being gone on with, by any name, is not another game.
    stdin("quit\ny\n");
    assertThat(run("play", "--lang", "en", "--load", empty.toString(), "--record", dir.resolve(".").resolve("empty.txt").toString()))
        .as(err()).isZero();
    assertThat(out()).contains("Game loaded from " + empty);
  }

  @Test
  void saveOverAnotherFileAsksFirstInThePlayersLanguage() throws Exception {
    Path precious = Files.writeString(dir.resolve("precious.txt"), "my notes\n");
    Path rec = dir.resolve("rec.txt");
    // No: the file is left as it was.
    stdin("save " + precious + "\nn\nquit\ny\n");
    assertThat(run("play", "--lang", "en", "--record", rec.toString(), "--level", "random", "--seed", "1")).isZero();
    assertThat(out()).contains(precious + " exists already. Replace it with the record of this game? (y/n)")
        .contains("Not written: " + precious + " is left as it was.");
    assertThat(Files.readString(precious)).isEqualTo("my notes\n");
    // Oui: replaced, in French.
    Files.delete(rec);
    stdin("sauver " + precious + "\no\nquitter\no\n");
    assertThat(run("play", "--lang", "fr", "--record", rec.toString(), "--level", "random", "--seed", "1")).isZero();
    assertThat(out()).contains(precious + " existe déjà. Le remplacer par l’enregistrement de cette partie ? (o/n)");
    assertThat(Files.readString(precious)).contains("[Seed \"1\"]");
    // The game's own record, a new file, and a file this session wrote are written without a question.
    Files.delete(rec);
    Path fresh = dir.resolve("fresh.txt");
    stdin("save " + fresh + "\nsave " + fresh + "\nsave " + rec + "\nquit\ny\n");
    assertThat(run("play", "--lang", "en", "--record", rec.toString(), "--level", "random", "--seed", "1")).isZero();
    assertThat(out()).doesNotContain("exists already");
    assertThat(Files.readString(fresh)).contains("[Seed \"1\"]");
  }
}
