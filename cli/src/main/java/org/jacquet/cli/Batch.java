package org.jacquet.cli;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import org.jacquet.engine.Dice;
import org.jacquet.engine.Position;
import org.jacquet.engine.StartingPosition;
import org.jacquet.engine.rules.Rules;

/**
 * The batch protocol shared by {@code moves --batch} and {@code choose --batch}: one line
 * {@code POSITION<TAB>D1-D2} in, one JSON line out, in order; a bad line answers
 * {@code {"error":…}} (a blank line too, so answers stay in step with questions) and the run goes on.
 * Lines end at {@code \n} ({@code \r\n} too, never a lone {@code \r}); a line beyond
 * {@link #MAX_LINE} characters is answered as too long at once and the rest of it skipped unread.
 */
final class Batch {
  /** Far beyond any position and throw (a few hundred characters), small enough to hold. */
  static final int MAX_LINE = 64 * 1024;

  private Batch() {}

  /** Answers every line of standard input with {@code answer}, flushing each answer. */
  static void run(BiFunction<Position, Dice, Object> answer) throws IOException {
    BoundedLines in = new BoundedLines(new InputStreamReader(System.in, StandardCharsets.UTF_8), MAX_LINE);
    PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    String line;
    long answered = 0;
    while ((line = read(in, answered)) != null) {
      out.println(Json.line(in.tooLong() ? Json.error(Words.get("batch.line.too.long", Checks.grouped(MAX_LINE)))
          : answer(line, answer)));
      out.flush();
      // Nobody reads the answers any more (a closed pipe): stop rather than work for no one.
      if (out.checkError()) throw new CommandFailure(Words.get("batch.output.closed", Words.count(answered, "count.answer")));
      answered++;
    }
  }

  /**
   * Refuses a position that no game may be played on from under {@code rules}, for the commands
   * that play games on from it ({@code hint}, {@code rollout}): {@link StartingPosition#check},
   * with the game over said in the commands' words. {@code moves} and {@code choose} answer what
   * the rules allow in any position that is not over (a set-up that already breaks a block rule
   * gets the plays that rule leaves it, a position where no side can move the pass): they are
   * questions to the rules, asked of positions a program may make up.
   */
  static void playable(Rules rules, Position position) {
    if (position.isOver()) throw new IllegalArgumentException(Words.get("position.over"));
    StartingPosition.check(rules, position); // a position that breaks a block rule or locks is named, not played out
  }

  /** The next line; standard input that cannot be read (closed, an input/output error) ends the run in one line. */
  private static String read(BoundedLines in, long answered) {
    try {
      return in.next();
    } catch (IOException e) {
      throw new CommandFailure(answered > 0 ? Words.get("stdin.unreadable.after", Inputs.reason(e), Words.count(answered, "count.answer"))
          : Words.get("stdin.unreadable", Inputs.reason(e)));
    }
  }

  /** The answer to one line, or the error it gives (a finished position among them). */
  static Object answer(String line, BiFunction<Position, Dice, Object> answer) {
    if (line.startsWith("\uFEFF")) line = line.substring(1); // a byte-order mark, skipped as records skip it
    if (line.isBlank()) return Json.error(Words.get("batch.line.empty"));
    int tab = line.indexOf('\t');
    if (tab < 0) return Json.error(Words.get("batch.line.no.tab", org.jacquet.engine.Excerpt.of(line)));
    if (line.indexOf('\t', tab + 1) >= 0) {
      return Json.error(Words.get(line.endsWith("\t") ? "batch.line.tabs.after" : "batch.line.tabs", line.chars().filter(c -> c == '\t').count()));
    }
    try {
      Position position = Position.parse(line.substring(0, tab));
      if (position.isOver()) return Json.error(Words.get("position.over"));
      return answer.apply(position, Dice.parse(line.substring(tab + 1)));
    } catch (IllegalArgumentException e) {
      return Json.error(Words.reason(e));
    }
  }
}
