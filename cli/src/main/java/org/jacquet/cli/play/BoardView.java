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
 * way is drawn on the point's tip, apart from the stacks. The viewer's route numbers run
 * above and below the letters.
 */
public final class BoardView {
  private static final int ROWS = 5;
  private final Texts texts;
  private final boolean colour;

  public BoardView(Texts texts, boolean colour) {
    this.texts = texts;
    this.colour = colour;
  }

  public List<String> render(Position p, Rules rules, Side viewer) {
    List<String> lines = new ArrayList<>();
    int[] top = new int[12];
    int[] bottom = new int[12];
    for (int i = 0; i < 12; i++) {
      top[i] = 11 - i; // l … a
      bottom[i] = 12 + i; // m … x
    }
    lines.add("   " + texts.get("board.top"));
    lines.add(numbers(top, viewer));
    lines.add(border(top));
    for (int row = 0; row < ROWS; row++) lines.add(row(p, rules, top, row));
    lines.add(row(p, rules, top, ROWS)); // the tips: a postilion on its way
    lines.add("   |                  ||                  |");
    lines.add(row(p, rules, bottom, ROWS));
    for (int row = ROWS - 1; row >= 0; row--) lines.add(row(p, rules, bottom, row));
    lines.add(border(bottom));
    lines.add(numbers(bottom, viewer));
    lines.add("   " + texts.get("board.bottom"));
    lines.add(texts.get("board.legend"));
    for (Side s : Side.values()) lines.add(sideLine(p, rules, s));
    lines.add(texts.get("board.route", texts.side(viewer)));
    return lines;
  }

  private String sideLine(Position p, Rules rules, Side s) {
    String stored = rules.bearOff() == BearOff.OPPONENT_TALON && p.borneOff(s) > 0
        ? texts.get("board.stored", texts.side(s.opponent())) : "";
    String bound = p.postilionBound(s, rules.postilionEntry()) ? texts.get("board.bound") : "";
    return "  " + paint(s, symbol(s, false)) + " " + texts.get("board.side", texts.side(s), p.borneOff(s), stored, p.pipCount(s), bound);
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

  private static boolean postilionOn(Position p, Rules rules, Side owner, int absolute) {
    int route = owner == Side.BLACK ? absolute + 1 : Side.otherFrame(absolute + 1);
    return route != 1 && p.postilionBound(owner, rules.postilionEntry());
  }

  private static String symbol(Side s, boolean postilion) {
    String c = s == Side.WHITE ? "O" : "X";
    return postilion ? c.toLowerCase(java.util.Locale.ROOT) : c;
  }

  private String paint(Side s, String text) {
    if (!colour) return text;
    return (s == Side.WHITE ? "\u001b[1;97m" : "\u001b[1;31m") + text + "\u001b[0m";
  }
}
