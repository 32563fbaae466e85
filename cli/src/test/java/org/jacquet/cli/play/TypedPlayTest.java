package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plays typed at the terminal's prompt in the naming the player reads: the board letters by
 * default, the mover's numbers with {@code --point-names mover}. Two people at one keyboard, on a
 * set-up position where a 4-3 takes each side across the other's talon, so that letters and
 * numbers differ for both.
 */
class TypedPlayTest {
  /**
   * White on its 7 and 10 (letters s, v), Black on its 9 and 10 (i, j); the rest home. White's
   * 10/14 7/10 is v/b s/v (from x on to a), Black's 10/14 9/12 is j/n i/l. Black's home stack
   * holds White's 11 (w).
   */
  private static final String SET_UP_TEXT = "white=7:1,10:1,19:13 black=9:1,10:1,23:13 turn=";
  private static final Position SET_UP = setUp(Side.WHITE);

  @TempDir Path dir;

  /** The set-up position, {@code side} to move. */
  private static Position setUp(Side side) {
    return Position.parse(SET_UP_TEXT + side.key());
  }

  /** A console that answers each prompt from a script and keeps what is printed. */
  private static final class Keyboard implements Console {
    final List<String> screen = new ArrayList<>();
    private final Iterator<String> typed;

    Keyboard(List<String> lines) {
      typed = lines.iterator();
    }

    @Override
    public String readLine(String prompt) {
      screen.add(prompt);
      return typed.hasNext() ? typed.next() : null; // then the end of input: the game leaves, its record written
    }

    @Override
    public void println(String line) {
      screen.addAll(List.of(line.split("\n", -1)));
    }

    @Override
    public boolean colour() {
      return false;
    }

    String all() {
      return String.join("\n", screen);
    }

    /** The screen as one text, lines joined by a space: a paragraph broken to fit 80 columns reads whole. */
    String flowing() {
      return String.join(" ", screen);
    }
  }

  private record Run(Keyboard keyboard, TerminalGame game, Path record) {}

  /** The set-up game, whose first turn is {@code side}'s 4-3, played at one keyboard with {@code lines} typed. */
  private Run run(Side side, Locale lang, PointNaming naming, String name, List<String> lines) throws IOException {
    long seed = seedWhereFirstTurnIs(side);
    Path saved = dir.resolve("set-up-" + name + ".txt");
    Files.writeString(saved, GameRecord.write(new Match(Rules.MODERN, 1, new SeededDice(seed), setUp(side)),
        Map.of("Seed", Long.toString(seed), "Date", "2026-11-26")));
    Keyboard keyboard = new Keyboard(lines);
    Path record = dir.resolve(name + ".txt");
    TerminalGame game = TerminalGame.load(keyboard, new Texts(lang), saved, record).naming(naming);
    assertThat(game.run()).isZero();
    return new Run(keyboard, game, record);
  }

  private static long seedWhereFirstTurnIs(Side side) {
    for (long seed = 1; seed < 10_000; seed++) {
      Game g = new Match(Rules.MODERN, 1, new SeededDice(seed), setUp(side)).game();
      while (g.phase() != Phase.PLAY) g.roll();
      if (g.sideToAct() == side && g.diceToPlay().high() == 4 && g.diceToPlay().low() == 3) return seed;
    }
    throw new AssertionError("no seed gives " + side + " a first 4-3");
  }

  private static Position firstTurnPlayed(Run r) {
    return r.game().match().game().position();
  }

  @Test
  void whiteTypesItsPlayInLettersAcrossTheEndOfTheAlphabet() throws IOException {
    Run r = run(Side.WHITE, Locale.ENGLISH, PointNaming.LETTERS, "white", List.of("v/b s/v"));
    Position p = firstTurnPlayed(r);
    assertThat(p.count(Side.WHITE, 7)).isZero();
    assertThat(p.count(Side.WHITE, 10)).isEqualTo(1); // s/v arrived where v/b left
    assertThat(p.count(Side.WHITE, 14)).isEqualTo(1);
    assertThat(r.keyboard().all()).contains("White plays 4 and 3: v/b s/v");
  }

  @Test
  void blackTypesTheSameWayForwardInTheAlphabet() throws IOException {
    Run r = run(Side.BLACK, Locale.ENGLISH, PointNaming.LETTERS, "black", List.of("j/n i/l"));
    Position p = firstTurnPlayed(r);
    assertThat(p.count(Side.BLACK, 9)).isZero();
    assertThat(p.count(Side.BLACK, 10)).isZero();
    assertThat(p.count(Side.BLACK, 12)).isEqualTo(1);
    assertThat(p.count(Side.BLACK, 14)).isEqualTo(1);
    assertThat(r.keyboard().all()).contains("Black plays 4 and 3: j/n i/l");
  }

  @Test
  void stepsTypedInLettersAreShownInLettersThenEnterConfirms() throws IOException {
    Run r = run(Side.BLACK, Locale.ENGLISH, PointNaming.LETTERS, "steps", List.of("j/n", "undo", "i/l", "j/n", ""));
    assertThat(r.keyboard().all()).contains("j/n  (dice left: 3)").contains("Step taken back.").contains("i/l  (dice left: 4)")
        .contains("Play i/l j/n? Press Enter to confirm, or undo.");
    assertThat(firstTurnPlayed(r).count(Side.BLACK, 14)).isEqualTo(1);
  }

  @Test
  void numbersUnderLettersAreRefusedWithTheSamePlayInLetters() throws IOException {
    Run r = run(Side.WHITE, Locale.ENGLISH, PointNaming.LETTERS, "numbers", List.of("10/14 7/10"));
    assertThat(r.keyboard().flowing()).contains("Refused: points are typed with the board's letters a-x, as on its frame: "
        + "for '10/14 7/10', type v/b s/v (to type numbers, start with --point-names mover)");
    assertThat(firstTurnPlayed(r)).isEqualTo(SET_UP); // nothing played
  }

  @Test
  void underTheMoversNumbersLettersAreRefusedAndNumbersPlay() throws IOException {
    Run r = run(Side.BLACK, Locale.FRENCH, PointNaming.MOVER, "mover", List.of("j/n i/l", "10/14 9/12"));
    assertThat(r.keyboard().flowing()).contains("Refusé : les flèches se tapent avec les numéros 1-24 de votre parcours "
        + "(--point-names mover) : pour 'j/n i/l', tapez 10/14 9/12")
        .contains("Les Noirs jouent 4 et 3 : 10/14 9/12");
    assertThat(firstTurnPlayed(r).count(Side.BLACK, 14)).isEqualTo(1);
  }

  @Test
  void aRuleBrokenNamesItsPointInTheLettersTyped() throws IOException {
    // White has no checker on its 8 (t); and its 11 (w) is Black's 23, held.
    Run r = run(Side.WHITE, Locale.ENGLISH, PointNaming.LETTERS, "rules", List.of("t/w", "s/w"));
    assertThat(r.keyboard().all()).contains("Refused: no checker of yours on point t")
        .contains("Refused: point w is held by the opponent");
  }

  @Test
  void anUnreadablePlayIsRefusedWithExamplesForTheMover() throws IOException {
    Run en = run(Side.BLACK, Locale.ENGLISH, PointNaming.LETTERS, "syntax", List.of("j/z"));
    assertThat(en.keyboard().flowing()).contains("Refused: cannot read 'j/z'; write steps like a/g g/l or t/off");
    Run fr = run(Side.WHITE, Locale.FRENCH, PointNaming.LETTERS, "syntaxe", List.of("s/v/"));
    assertThat(fr.keyboard().flowing()).contains("Refusé : impossible de lire « s/v/ » ; écrivez les pas comme m/s s/x ou h/off");
  }

  @Test
  void theRecordIsTheSameWhicheverNamingThePlayWasTypedIn() throws IOException {
    Run letters = run(Side.WHITE, Locale.ENGLISH, PointNaming.LETTERS, "in-letters", List.of("v/b s/v"));
    Run numbers = run(Side.WHITE, Locale.ENGLISH, PointNaming.MOVER, "in-numbers", List.of("10/14 7/10"));
    String record = Files.readString(letters.record());
    assertThat(record).isEqualTo(Files.readString(numbers.record())).contains("10/14").doesNotContainPattern("\\b[a-x]/[a-x]\\b");
    assertThat(firstTurnPlayed(letters)).isNotEqualTo(SET_UP);
  }

  @Test
  void theListsAndTheHelpNameThePointsAsTheyAreTyped() throws IOException {
    Run letters = run(Side.WHITE, Locale.ENGLISH, PointNaming.LETTERS, "lists", List.of("?", "hint", "help"));
    String screen = letters.keyboard().all();
    String list = screen.substring(screen.indexOf("legal plays with"), screen.indexOf("Hint ("));
    assertThat(list).containsPattern("\\b[a-x]/[a-x]\\b").doesNotContainPattern("\\d+/");
    assertThat(screen.substring(screen.indexOf("Hint ("))).containsPattern("(?m)^1\\. [a-x]/");
    assertThat(screen).contains("Commands (points by the board's letters a-x, as on its frame):")
        .contains("  m/s s/x    a play; h/off bears off; m/x moves one checker by both dice");
    Run numbers = run(Side.BLACK, Locale.FRENCH, PointNaming.MOVER, "listes", List.of("?", "aide"));
    assertThat(numbers.keyboard().all()).contains("10/14 9/12").contains("  1/7 7/12    un coup ; 20/off sort une dame");
  }

  /** Lines a hurried or hostile player types where a play is expected, in either naming. */
  static List<String> hostilePlays(int n, long seed) {
    List<String> lines = new ArrayList<>(List.of("a/", "/a", "a//b", "a/a", "x/a", "y/z", "m/off/off", "off/m", "m/s(9)",
        "m/s(0)", "m/s ".repeat(60), "M/S,S/X", "m/o", "o/off", "a/b/c/d/e/f/g", "ü/ö", "m/s\t", "1/7 m/s", "m/7",
        "a/f g/k", "v/b s/v", "10/14 7/10", "25/off", "0/0", "m/s(", "m/s)", "{0}/x", "''/'", "m/\u0661"));
    SplittableRandom random = new SplittableRandom(seed);
    String alphabet = "abcmnosuvwxyz0123456789/ off(),-\t";
    while (lines.size() < n) {
      StringBuilder b = new StringBuilder();
      int length = random.nextInt(1, 20);
      for (int i = 0; i < length; i++) {
        b.append(random.nextInt(6) == 0 ? (char) random.nextInt(0x20, 0x3000) : alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String line = b.toString().trim();
      if (line.contains("/")) lines.add(line); // a play meant: the commands have their own fuzz (TerminalPromptTest)
    }
    return lines.subList(0, n);
  }

  /** English words no French refusal holds (the values quoted in it aside). */
  private static final Pattern ENGLISH = Pattern.compile("\\b(cannot|read|write|steps|like|typed|type|the|is|of|held|checker)\\b");

  @Test
  void hostilePlaysAreRefusedInFrenchInOneNamingOrTheOtherAndTheGameGoesOn() throws IOException {
    for (PointNaming naming : PointNaming.values()) {
      List<String> hostile = hostilePlays(150, 24 + naming.ordinal());
      Run r = run(Side.WHITE, Locale.FRENCH, naming, "hostile-" + naming.word(), hostile);
      List<String> screen = r.keyboard().screen;
      int refusals = 0;
      assertThat(String.join("\n", screen)).doesNotContain("Exception").doesNotContain("Une erreur est survenue");
      for (int i = 0; i < screen.size(); i++) {
        String line = screen.get(i);
        if (!line.startsWith("Refus")) continue;
        assertThat(line).as(line).startsWith("Refusé : ");
        refusals++;
        // A refusal is a paragraph of lines of at most 80 columns, the prompt after it.
        StringBuilder refusal = new StringBuilder();
        for (int j = i; j < screen.size() && !screen.get(j).endsWith("> "); j++) {
          assertThat(screen.get(j).length()).as(screen.get(j)).isLessThanOrEqualTo(80);
          refusal.append(' ').append(screen.get(j));
        }
        String words = refusal.toString().replaceAll("«[^»]*»|'[^']*'|\\S*/\\S*|--[\\w-]+", " ");
        assertThat(ENGLISH.matcher(words).find()).as(refusal.toString()).isFalse();
      }
      assertThat(refusals).as("refusals under " + naming).isGreaterThan(hostile.size() / 2);
      // Each line was answered: refused, or a legal play made (the record reads back as the game).
      Match saved = GameRecord.read(Files.readString(r.record())).match();
      assertThat(saved.game().position()).isEqualTo(r.game().match().game().position());
    }
  }
}
