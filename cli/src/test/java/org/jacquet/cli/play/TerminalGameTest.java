package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.rules.Rules;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal game driven through JLine's line reader, as a player would: each answer is typed
 * only when the program asks, chosen from what it has printed so far.
 */
class TerminalGameTest {
  @TempDir Path dir;

  /** Input typed on demand: when the reader wants a line, {@code player} answers from the output. */
  static final class Player extends InputStream {
    private final ByteArrayOutputStream screen;
    private final Function<String, String> player;
    private byte[] line = new byte[0];
    private int at;
    int lines;

    Player(ByteArrayOutputStream screen, Function<String, String> player) {
      this.screen = screen;
      this.player = player;
    }

    private int answeredAt = -1;

    /**
     * JLine reads input on its own thread: wait until the program shows a new prompt (the only
     * output not ending in a newline) and has stopped writing, as a person would.
     */
    private String awaitPrompt() {
      long deadline = System.nanoTime() + 20_000_000_000L;
      String last = "";
      while (System.nanoTime() < deadline) {
        String now = screen.toString(StandardCharsets.UTF_8);
        if (now.length() > answeredAt && !now.isEmpty() && !now.endsWith("\n") && now.equals(last)) {
          answeredAt = now.length();
          return now;
        }
        last = now;
        try {
          Thread.sleep(15);
        } catch (InterruptedException e) {
          return null;
        }
      }
      return null;
    }

    /** Hands over at most the rest of the current line: the next one is typed only when asked. */
    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) return 0;
      int first = read();
      if (first < 0) return -1;
      b[off] = (byte) first;
      int n = 1;
      while (n < len && at < line.length) b[off + n++] = line[at++];
      return n;
    }

    @Override
    public int available() {
      return line.length - at;
    }

    @Override
    public int read() {
      if (at == line.length) {
        if (++lines > 5_000) return -1;
        String shown = awaitPrompt();
        if (shown == null) return -1;
        String next = player.apply(shown);
        if (next == null) return -1;
        line = (next + "\n").getBytes(StandardCharsets.UTF_8);
        at = 0;
      }
      return line[at++] & 0xFF; // a byte, not a sign: 0xC2 of "½" is no end of input
    }
  }

  private record Run(String screen, TerminalGame game) {}

  private Run play(Locale lang, TerminalGame.Setup setup, Function<String, String> player) throws IOException {
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    TerminalGame game;
    try (Terminal terminal = TerminalBuilder.builder().system(false).type(Terminal.TYPE_DUMB)
        .streams(new Player(screen, confirming(player)), screen).encoding(StandardCharsets.UTF_8).build()) {
      game = TerminalGame.start(new JLineConsole(terminal), new Texts(lang), setup);
      assertThat(game.run()).isZero();
      terminal.flush();
      // Closing the terminal drops output it has not delivered yet: let it arrive first.
      settled(screen);
    }
    return new Run(screen.toString(StandardCharsets.UTF_8), game);
  }

  /** Says yes when asked to confirm (quit, resign, a new match); {@code player} answers the rest. */
  static Function<String, String> confirming(Function<String, String> player) {
    return screen -> lastLine(screen).matches(".*\\((y|o)/n\\) $") ? "y" : player.apply(screen);
  }

  /** The screen once nothing more has arrived for 200 ms (JLine delivers output on its own time). */
  static String settled(ByteArrayOutputStream screen) {
    String last = screen.toString(StandardCharsets.UTF_8);
    for (int i = 0; i < 50; i++) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        break;
      }
      String now = screen.toString(StandardCharsets.UTF_8);
      if (now.equals(last)) return now;
      last = now;
    }
    return last;
  }

  private TerminalGame.Setup setup(long seed, int match, String record) {
    return new TerminalGame.Setup(Rules.MODERN, match, seed, Level.EXPERT, Side.WHITE, dir.resolve(record));
  }

  static String lastLine(String screen) {
    String[] lines = screen.split("\n");
    return lines[lines.length - 1];
  }

  @Test
  void aWholeSeededMatchAgainstTheComputer() throws IOException {
    Run run = play(Locale.ENGLISH, setup(3, 1, "match.txt"), screen -> "1");
    assertThat(run.screen()).contains("Opening throw: White").contains("White throws")
        .contains("Black (Expert) plays").containsPattern("(White|Black) wins? the match");
    Match played = run.game().match();
    assertThat(played.isOver()).isTrue();
    Match fromRecord = GameRecord.read(Files.readString(dir.resolve("match.txt"))).match();
    assertThat(fromRecord.winner()).isEqualTo(played.winner());
    assertThat(fromRecord.game().position()).isEqualTo(played.game().position());
    // The record commits to its seed: jacquet verify checks every throw of it.
    assertThat(Files.readString(dir.resolve("match.txt"))).contains("[SeedHash \"" + org.jacquet.engine.game.SeedHash.of(3) + "\"]");
    java.io.PrintStream stdout = System.out;
    try {
      System.setOut(new java.io.PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      assertThat(org.jacquet.cli.Main.run("verify", dir.resolve("match.txt").toString())).isZero();
    } finally {
      System.setOut(stdout);
    }
  }

  @Test
  void anIllegalEntryIsRefusedWithTheRuleItBreaksAndThePromptComesBack() throws IOException {
    int[] prompts = {0};
    Run run = play(Locale.ENGLISH, setup(3, 1, "r.txt"), screen -> {
      if (!lastLine(screen).contains(" to play ")) return "1";
      return ++prompts[0] == 1 ? "l/off" : "quit"; // White's point 24, in the board letters typed by default
    });
    assertThat(run.screen()).contains("Refused: no checker of yours on point l");
    int refusal = run.screen().indexOf("Refused:");
    assertThat(run.screen().indexOf(" to play ", refusal)).isPositive();
  }

  @Test
  void stepsCanBeTakenBackUntilThePlayIsConfirmed() throws IOException {
    Pattern twoSteps = Pattern.compile("\\s+1\\. ([a-x]/[a-x]) [a-x]/\\S+\\s*$");
    String[] state = {"start"};
    Run run = play(Locale.ENGLISH, setup(5, 1, "u.txt"), screen -> {
      if (!lastLine(screen).contains(" to play ")) return "1";
      String before = screen.substring(0, screen.lastIndexOf('\n'));
      switch (state[0]) {
        case "start" -> {
          state[0] = "listed";
          return "?";
        }
        case "listed" -> {
          Matcher m = twoSteps.matcher(before.substring(before.lastIndexOf('\n') + 1));
          Matcher list = Pattern.compile("(?m)^\\s+1\\. ([a-x]/[a-x]) [a-x]/").matcher(before);
          if (list.find(Math.max(0, before.lastIndexOf("Legal plays")))) {
            state[0] = "stepped";
            return list.group(1);
          }
          state[0] = "start";
          return "1";
        }
        case "stepped" -> {
          state[0] = "undone";
          return "undo";
        }
        default -> {
          return "quit";
        }
      }
    });
    assertThat(state[0]).isEqualTo("undone");
    assertThat(run.screen()).contains("(dice left: ").contains("Step taken back.");
  }

  @Test
  void aSavedGameLoadsToTheSamePositionAndGoesOnWithTheSameDice() throws IOException {
    Path saved = dir.resolve("saved.txt");
    int[] prompts = {0};
    Run run = play(Locale.ENGLISH, setup(11, 3, "s.txt"), screen -> {
      if (!lastLine(screen).contains(" to play ")) return "1";
      return switch (++prompts[0]) {
        case 1, 2, 3 -> "1";
        case 4 -> "save " + saved;
        default -> "quit";
      };
    });
    assertThat(run.screen()).contains("Game record written to " + saved);
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    try (Terminal terminal = TerminalBuilder.builder().system(false).type(Terminal.TYPE_DUMB)
        .streams(new Player(screen, confirming(s -> "quit")), screen).build()) {
      TerminalGame loaded = TerminalGame.load(new JLineConsole(terminal), new Texts(Locale.ENGLISH), saved, dir.resolve("l.txt"));
      assertThat(loaded.match().game().position()).isEqualTo(run.game().match().game().position());
      assertThat(loaded.match().game().phase()).isEqualTo(run.game().match().game().phase());
    }
  }

  @Test
  void aPassIsAnnouncedWithItsReason() throws IOException {
    String found = null;
    for (long seed = 1; seed <= 40 && found == null; seed++) {
      Run run = play(Locale.ENGLISH, setup(seed, 1, "p" + seed + ".txt"), screen -> "1");
      Matcher m = Pattern.compile("(White|Black) cannot play [^:]+: (.+)\\.").matcher(run.screen());
      if (m.find()) found = m.group(2);
    }
    assertThat(found).isIn("the postilion cannot move", "every checker is blocked",
        "no bearing off while the opponent still has a checker on its talon");
  }

  @Test
  void theGameSpeaksFrenchWithTheTraditionalNames() throws IOException {
    Run run = play(Locale.FRENCH, setup(3, 1, "fr.txt"), screen -> "1");
    assertThat(run.screen()).contains("Coup de dé pour le départ").contains("Les Blancs jettent")
        .contains("BLANCS").contains("postillon").containsPattern("gagnent le match");
  }
}
