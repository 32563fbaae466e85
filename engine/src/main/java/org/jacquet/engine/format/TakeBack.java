package org.jacquet.engine.format;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Side;

/**
 * A game record with its last play taken back: the turn's dice stay thrown (the same dice, to
 * play again), only the play is struck out. Possible only while that play is the record's last
 * line: once anything follows it (the other side's throw, a result, a resignation), it stays.
 */
public final class TakeBack {
  /** A numbered turn line with its play ("  7) white 6-5: 1/7 7/12"); the play is group 3. */
  private static final Pattern PLAYED = Pattern.compile("( *\\d+\\) (white|black) \\+?[1-6](?:-[1-6]){0,7}:) (.+)");

  private TakeBack() {}

  /**
   * {@code record} with {@code side}'s last play struck out, or null when its last line is not a
   * play of {@code side} (nothing played yet, a pass, the other side's throw, the game over).
   * The result is read back before it is given: it is always a record {@link GameRecord#read} accepts.
   */
  public static String lastPlay(String record, Side side) {
    String body = record.stripTrailing();
    int start = body.lastIndexOf('\n') + 1;
    Matcher m = PLAYED.matcher(body.substring(start));
    if (!m.matches() || !m.group(2).equals(side.key()) || m.group(3).strip().equals("pass")) return null;
    String taken = body.substring(0, start) + m.group(1) + "\n";
    GameRecord.read(taken); // the same games up to the throw: a fault here is a bug, not the player's
    return taken;
  }
}
