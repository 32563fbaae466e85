package org.jacquet.cli.play;

import java.util.List;
import org.jacquet.ai.Level;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.rules.Rules;

/**
 * The numbered plays a player picks from during a turn, points named as the player reads and
 * types them: {@code ?} lists every legal play best first, a page at a time, {@code hint} the
 * best few with their chances, and a number typed picks from what was shown last. Both fit
 * under the board on an 80 × 24 terminal.
 */
final class PlayMenu {
  /** Rows of plays a page of {@code ?} holds: with its heading, its last line and the prompt, 21 lines. */
  static final int PAGE_ROWS = 18;
  /** Plays {@code hint} shows: with its two heading lines and the prompts, the 17-line board stays on screen. */
  static final int HINT_PLAYS = 3;

  private final Console console;
  private final Texts texts;
  /** The plays a number refers to (the list shown last), and how many of them were shown. */
  private List<Play> numbered;
  private int shown;
  /** Whether they are the ? list (which ? goes on with), not the hint's. */
  private boolean listing;

  PlayMenu(Console console, Texts texts) {
    this.console = console;
    this.texts = texts;
  }

  /** A new decision: nothing shown yet. */
  void reset() {
    numbered = null;
    shown = 0;
    listing = false;
  }

  /**
   * {@code ?}: the first page of the legal plays, best first; typed again, the next page, and
   * after the last one the first again.
   */
  void list(LegalPlays legal, Rules rules, PointNaming naming) {
    boolean goesOn = listing && numbered != null && shown < numbered.size();
    if (!goesOn) {
      numbered = ranked(legal, rules);
      shown = 0;
      listing = true;
    }
    Side mover = legal.position().turn();
    List<String> names = numbered.stream().map(p -> naming.write(p, mover)).toList();
    int from = shown;
    int to = Math.min(names.size(), from + Columns.perPage(names, Paragraph.WIDTH - 1, PAGE_ROWS));
    if (from == 0) console.println(texts.get("list.header", texts.dice(legal.dice()), names.size()));
    else console.println(texts.get("list.more.header", from + 1, to, names.size()));
    for (String line : Columns.page(names, from, to, Paragraph.WIDTH - 1)) console.println(line);
    shown = to;
    if (to < names.size()) console.println(texts.get("list.more", names.size() - to));
  }

  /** {@code hint}: the best few plays by the strongest level, with their chances. */
  void hint(LegalPlays legal, Rules rules, PointNaming naming) {
    List<RankedPlay> ranked = Level.WORLD_CLASS.ranker(rules).rank(legal);
    int count = Math.min(HINT_PLAYS, ranked.size());
    console.println(texts.get("hint.header", Level.WORLD_CLASS.displayName(texts.locale()), count));
    console.println(texts.get("hint.columns"));
    for (int i = 0; i < count; i++) {
      RankedPlay r = ranked.get(i);
      console.println(String.format("%d. %-27s %7s %8s %7s %8s", i + 1, naming.write(r.play(), legal.position().turn()), texts.signed(r.equity()),
          texts.percent(r.winProbability()), texts.percent(r.doubleWinProbability()), texts.percent(r.doubleLossProbability())));
    }
    numbered = ranked.stream().map(RankedPlay::play).toList();
    shown = count;
    listing = false;
  }

  /** The play numbered {@code digits} in what was shown last, or null (and why, said) when there is none. */
  Play pick(LegalPlays legal, Rules rules, String digits) {
    if (numbered == null) { // nothing shown yet: the numbers of the ? list
      numbered = ranked(legal, rules);
      shown = numbered.size();
    }
    int n = digits.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    if (n < 1 || n > shown) {
      console.println(texts.get("refused", texts.get("no.such.number", Excerpt.of(digits), shown)));
      return null;
    }
    return numbered.get(n - 1);
  }

  /** The legal plays, best first by the expert's evaluation (what {@code ?} lists). */
  private static List<Play> ranked(LegalPlays legal, Rules rules) {
    return Level.EXPERT.ranker(rules).rank(legal).stream().map(RankedPlay::play).toList();
  }
}
