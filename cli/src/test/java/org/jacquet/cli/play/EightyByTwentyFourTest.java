package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The terminal game on the smallest terminal it is made for, 80 × 24: the help, the ? list of
 * many plays (paged, best first), the notice of a record loaded without its seed, and the hint
 * under the board all fit, in both languages.
 */
class EightyByTwentyFourTest {
  private static final int ROWS = 24;

  @TempDir Path dir;

  /** A console that keeps what is printed; nothing is typed. */
  private static final class Screen implements Console {
    final List<String> lines = new ArrayList<>();

    @Override
    public String readLine(String prompt) {
      return null;
    }

    @Override
    public void println(String line) {
      lines.addAll(List.of(line.split("\n", -1)));
    }

    @Override
    public boolean colour() {
      return false;
    }

    List<String> take() {
      List<String> taken = List.copyOf(lines);
      lines.clear();
      return taken;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void theHelpFitsEightyColumns(String lang) {
    Texts texts = new Texts(Locale.forLanguageTag(lang));
    for (PointNaming naming : PointNaming.values()) {
      for (Side reader : Side.values()) {
        for (String line : texts.get("help", TypedPlay.helpExamples(texts, naming, reader)).split("\n")) {
          assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
        }
      }
    }
  }

  /** A mid-game position of seeded self-play where 3-3 has many plays. */
  private static LegalPlays manyPlays() {
    SplittableRandom random = new SplittableRandom(25);
    PlayGenerator gen = new PlayGenerator(Rules.MODERN);
    for (int game = 0; game < 200; game++) {
      Position p = Position.start(Side.WHITE);
      for (int turn = 0; turn < 60 && !p.isOver(); turn++) {
        LegalPlays threes = PlayGenerator.legalPlays(Rules.MODERN, p, DiceToPlay.of(Dice.of(3, 3), Rules.MODERN));
        if (threes.plays().size() >= 60) return threes;
        int n = gen.generate(p, DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), Rules.MODERN));
        p = gen.result(random.nextInt(n));
      }
    }
    throw new AssertionError("no position with 60 plays at 3-3");
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"en,letters", "fr,letters", "en,mover", "fr,mover"})
  void manyPlaysArePagedBestFirstAndTheRestComeOnRequest(String lang, String namingWord) {
    PointNaming naming = PointNaming.of(namingWord);
    LegalPlays legal = manyPlays();
    int plays = legal.plays().size();
    Screen screen = new Screen();
    PlayMenu menu = new PlayMenu(screen, new Texts(Locale.forLanguageTag(lang)));
    menu.reset();
    menu.list(legal, Rules.MODERN, naming);
    List<String> first = screen.take();
    // The heading, a page of plays and the line saying more: with the prompts, on one screen.
    assertThat(first.size()).isLessThanOrEqualTo(ROWS - 3);
    assertThat(first.get(0)).contains(Integer.toString(plays));
    assertThat(first.get(1)).startsWith("  1. ");
    assertThat(first).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
    int onFirstPage = numbersOn(first);
    assertThat(onFirstPage).isLessThan(plays);
    assertThat(first.get(first.size() - 1)).contains(Integer.toString(plays - onFirstPage)).contains("?");
    // A number not shown yet is refused; ? goes on where the page ended, until every play is shown.
    assertThat(menu.pick(legal, Rules.MODERN, Integer.toString(plays))).isNull();
    screen.take();
    int shown = onFirstPage;
    for (int pages = 1; shown < plays; pages++) {
      menu.list(legal, Rules.MODERN, naming);
      List<String> page = screen.take();
      assertThat(page.size()).isLessThanOrEqualTo(ROWS - 3);
      assertThat(page.get(0)).contains(Integer.toString(shown + 1));
      assertThat(page.get(1)).containsPattern("^ +" + (shown + 1) + "\\. ");
      shown += numbersOn(page);
      assertThat(pages).isLessThan(10);
    }
    assertThat(shown).isEqualTo(plays);
    assertThat(menu.pick(legal, Rules.MODERN, Integer.toString(plays))).isEqualTo(
        org.jacquet.ai.Level.EXPERT.ranker(Rules.MODERN).rank(legal).get(plays - 1).play());
  }

  /** How many numbered plays the lines show. */
  private static int numbersOn(List<String> lines) {
    return (int) lines.stream().flatMap(l -> java.util.Arrays.stream(l.trim().split("\\s{3,}"))).filter(c -> c.matches("\\d+\\. .*")).count();
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void theHintLeavesTheWholeBoardOnScreen(String lang) {
    Texts texts = new Texts(Locale.forLanguageTag(lang));
    LegalPlays legal = manyPlays();
    Screen screen = new Screen();
    new PlayMenu(screen, texts).hint(legal, Rules.MODERN, PointNaming.MOVER); // numbers: the wider naming
    List<String> hint = screen.take();
    int board = new BoardView(texts, false).render(legal.plays().get(0).result(), Rules.MODERN, Side.WHITE,
        List.of("score", "game")).size();
    // The board, the prompt where hint was typed, the hint, the next prompt.
    assertThat(board + 1 + hint.size() + 1).isLessThanOrEqualTo(ROWS);
    assertThat(hint).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void theNoticeOfARecordLoadedWithoutItsSeedIsWrapped(String lang) {
    Match m = new Match(Rules.MODERN, 3, new SeededDice(4));
    while (m.game().phase() != org.jacquet.engine.game.Phase.PLAY) m.game().roll();
    GameRecord.Parsed parsed = GameRecord.read(GameRecord.write(m, java.util.Map.of()));
    Screen screen = new Screen();
    TerminalGame.load(screen, new Texts(Locale.forLanguageTag(lang)), parsed, dir.resolve("in.txt"), dir.resolve("out.txt"));
    assertThat(screen.lines).hasSizeGreaterThan(2)
        .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
  }
}
