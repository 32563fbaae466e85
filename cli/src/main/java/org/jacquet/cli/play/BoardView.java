package org.jacquet.cli.play;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.Rules;

/**
 * The board drawn like the diagrams of the rule texts: points {@code l … a} along the top
 * (White's side), {@code m … x} along the bottom (Black's side), Black's talon on {@code a}
 * and White's on {@code m}. Stacks longer than five show their count; a postilion still on its
 * way is drawn on the point's tip, apart from the stacks; checkers stored on the opponent's
 * talon (advanced bear-off) are counted on that talon's tip. The viewer's route numbers run
 * above and below the letters.
 *
 * <p>Everything else a player needs — the sides, borne-off checkers, pips, the key, whose
 * numbers these are, and the caller's lines (score, position ID) — stands in a panel on the
 * right, so that a board takes 17 lines of at most 80 columns: with the opponent's play, the
 * dice and the prompt it fits a 24-line terminal.
 */
public final class BoardView {
  /** Lines of a rendered board. */
  public static final int HEIGHT = 17;

  /** The panel starts at this column; the board itself is narrower. */
  private static final int PANEL = 45;

  private static final int ROWS = 5;
  private final Texts texts;
  private final boolean colour;

  public BoardView(Texts texts, boolean colour) {
    this.texts = texts;
    this.colour = colour;
  }

  public List<String> render(Position p, Rules rules, Side viewer) {
    return render(p, rules, viewer, List.of());
  }

  /** The board with {@code extra} lines (score, position ID…) at the foot of its panel. */
  public List<String> render(Position p, Rules rules, Side viewer, List<String> extra) {
    List<String> board = new ArrayList<>();
    int[] top = new int[12];
    int[] bottom = new int[12];
    for (int i = 0; i < 12; i++) {
      top[i] = 11 - i; // l … a
      bottom[i] = 12 + i; // m … x
    }
    board.add(numbers(top, viewer));
    board.add(border(top));
    for (int row = 0; row < ROWS; row++) board.add(row(p, rules, top, row));
    board.add(row(p, rules, top, ROWS)); // the tips: a postilion on its way, stored checkers
    board.add("   |                  ||                  |");
    board.add(row(p, rules, bottom, ROWS));
    for (int row = ROWS - 1; row >= 0; row--) board.add(row(p, rules, bottom, row));
    board.add(border(bottom));
    board.add(numbers(bottom, viewer));

    List<String> panel = new ArrayList<>();
    panel.add("");
    panel.add(texts.get("board.top"));
    for (Side s : Side.values()) {
      panel.add(paint(s, symbol(s, false)) + " " + texts.get("board.side", texts.side(s), p.borneOff(s),
          texts.get("pips.count", p.pipCount(s))));
      panel.add(detail(p, rules, s));
    }
    panel.add(texts.get("board.legend", paint(Side.WHITE, symbol(Side.WHITE, true)), paint(Side.BLACK, symbol(Side.BLACK, true))));
    panel.add(texts.get("board.route", texts.side(viewer)));
    panel.add(texts.get("board.route.ends"));
    panel.addAll(extra);
    while (panel.size() < HEIGHT - 2) panel.add("");
    panel.add(texts.get("board.bottom"));

    List<String> lines = new ArrayList<>();
    for (int i = 0; i < board.size(); i++) {
      String right = i < panel.size() ? panel.get(i) : "";
      String left = board.get(i);
      lines.add(right.isEmpty() ? left : left + " ".repeat(Math.max(1, PANEL - visible(left))) + right);
    }
    for (int i = board.size(); i < panel.size(); i++) lines.add(" ".repeat(PANEL) + panel.get(i));
    return lines;
  }

  /** The second line of a side: its postilion still on its way, or checkers stored on a talon. */
  private String detail(Position p, Rules rules, Side s) {
    if (p.postilionBound(s, rules.postilionEntry())) return "  " + texts.get("board.bound");
    if (rules.bearOff() == BearOff.OPPONENT_TALON && p.borneOff(s) > 0) {
      return "  " + texts.get("board.stored", texts.side(s.opponent()));
    }
    return "";
  }

  private String numbers(int[] points, Side viewer) {
    StringBuilder s = new StringBuilder("    ");
    for (int i = 0; i < 12; i++) {
      if (i == 6) s.append("  ");
      int blackRoute = points[i] + 1;
      int route = viewer == Side.BLACK ? blackRoute : Side.otherFrame(blackRoute);
      s.append(String.format("%2d ", route));
    }
    return s.toString().stripTrailing();
  }

  private static String border(int[] points) {
    StringBuilder s = new StringBuilder("   +");
    for (int i = 0; i < 12; i++) {
      if (i == 6) s.append("++");
      s.append('-').append((char) ('a' + points[i])).append('-');
    }
    return s.append('+').toString();
  }

  private String row(Position p, Rules rules, int[] points, int row) {
    StringBuilder s = new StringBuilder("   |");
    for (int i = 0; i < 12; i++) {
      if (i == 6) s.append("||");
      s.append(cell(p, rules, points[i], row));
    }
    return s.append('|').toString();
  }

  private String cell(Position p, Rules rules, int absolute, int row) {
    Side owner = p.ownerOfAbsolute(absolute);
    if (row == ROWS) {
      Side storing = storedOn(p, rules, absolute);
      if (storing != null) return paint(storing, String.format("%2d", p.borneOff(storing)) + symbol(storing, false));
    }
    if (owner == null) return row == ROWS ? " . " : "   ";
    if (row == ROWS && !postilionOn(p, rules, owner, absolute)) return " . ";
    int count = p.countAtAbsolute(absolute);
    boolean postilion = postilionOn(p, rules, owner, absolute);
    if (row == ROWS) return postilion ? " " + paint(owner, symbol(owner, true)) + " " : "   ";
    if (postilion) return "   ";
    if (count <= ROWS) return row < count ? " " + paint(owner, symbol(owner, false)) + " " : "   ";
    if (row < ROWS - 1) return " " + paint(owner, symbol(owner, false)) + " ";
    return paint(owner, String.format("%2d ", count));
  }

  /**
   * The side whose borne-off checkers are stored on this point: under the advanced bear-off they
   * go onto the opponent's talon (White's onto Black's talon, point a; Black's onto m).
   */
  private static Side storedOn(Position p, Rules rules, int absolute) {
    if (rules.bearOff() != BearOff.OPPONENT_TALON) return null;
    Side side = absolute == 0 ? Side.WHITE : absolute == 12 ? Side.BLACK : null;
    return side != null && p.borneOff(side) > 0 ? side : null;
  }

  private static boolean postilionOn(Position p, Rules rules, Side owner, int absolute) {
    int route = owner == Side.BLACK ? absolute + 1 : Side.otherFrame(absolute + 1);
    return route != 1 && p.postilionBound(owner, rules.postilionEntry());
  }

  private String symbol(Side s, boolean postilion) {
    String c = texts.get(s == Side.WHITE ? "board.symbol.white" : "board.symbol.black");
    return postilion ? c.toLowerCase(texts.locale()) : c;
  }

  private String paint(Side s, String text) {
    if (!colour) return text;
    return (s == Side.WHITE ? "\u001b[1;97m" : "\u001b[1;31m") + text + "\u001b[0m";
  }

  /** Columns a line takes on screen: its colour codes take none. */
  static int visible(String line) {
    return line.replaceAll("\u001b\\[[0-9;]*m", "").length();
  }
}
