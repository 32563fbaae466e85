package org.jacquet.engine.game;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Dice;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * The plain-text game record, in the style of backgammon {@code .mat} files: headers, then per
 * game its opening throw(s) and one numbered turn per line with the dice and the play.
 *
 * <pre>
 * ; Jacquet game record
 * [Rules "modern"]
 * [Match "3"]
 * [White "Alice"]
 * [Black "Bot"]
 * [Seed "42"]
 * [Result "white 3-1"]
 *
 * Game 1
 * Score: white 0, black 0
 * Opening: white 5, black 3
 *   1) white 6-5: 1/7 7/12
 *   2) black 6-6: 1/7
 *  14) white 4-4: pass
 * Result: white wins 2 points (double)
 * </pre>
 *
 * A first game set up from a position says so in a {@code [Position "…"]} header (its side
 * to move throws first). A turn whose dice were thrown but not yet played ends the record with
 * nothing after the colon; Versailles' transferred dice are written {@code +3}. Reading replays every line through
 * a {@link Game}, so a record with an illegal play is rejected with its game, turn and reason.
 */
public final class GameRecord {
  private static final Pattern HEADER = Pattern.compile("\\[(\\w[\\w-]*) \"((?:[^\"\\\\]|\\\\.)*)\"]");
  private static final Pattern OPENING = Pattern.compile("Opening: white ([1-6]), black ([1-6])");
  private static final Pattern CHOICE =
      Pattern.compile("Choice: (white|black) (throws again|plays the opening dice)");
  private static final Pattern TURN =
      Pattern.compile("(\\d+)\\) (white|black) (\\+?[1-6](?:-[1-6])*):(?: (.*))?");
  private static final Pattern SCORE = Pattern.compile("Score: white (\\d+), black (\\d+)");

  /**
   * A record read back: its headers (other than Rules, Match and Result), the match, and the
   * dice it replayed (to go on with, {@link RecordedDice#continueWith}).
   */
  public record Parsed(Map<String, String> headers, Match match, RecordedDice dice) {}

  private GameRecord() {}

  public static String write(Match match, Map<String, String> headers) {
    StringBuilder s = new StringBuilder("; Jacquet game record\n");
    header(s, "Rules", match.rules().toString());
    header(s, "Match", Integer.toString(match.length()));
    if (match.start() != null) header(s, "Position", match.start().toString());
    for (Map.Entry<String, String> h : headers.entrySet()) {
      if (!List.of("Rules", "Match", "Result", "Position").contains(h.getKey())) header(s, h.getKey(), h.getValue());
    }
    String result = match.isOver()
        ? match.winner().key() + " " + match.score(match.winner()) + "-" + match.score(match.winner().opponent())
        : "*";
    header(s, "Result", result);
    List<Game> games = match.games();
    for (int i = 0; i < games.size(); i++) {
      Game g = games.get(i);
      s.append("\nGame ").append(i + 1).append('\n');
      s.append("Score: white ").append(match.scoreBefore(i, Side.WHITE))
          .append(", black ").append(match.scoreBefore(i, Side.BLACK)).append('\n');
      int turn = 0;
      for (GameEvent e : g.events()) {
        if (e instanceof GameEvent.OpeningThrow t) {
          s.append("Opening: white ").append(t.white()).append(", black ").append(t.black()).append('\n');
        } else if (e instanceof GameEvent.OpeningChoice c) {
          s.append("Choice: ").append(c.side().key())
              .append(c.throwsAgain() ? " throws again" : " plays the opening dice").append('\n');
        } else if (e instanceof GameEvent.Turn t) {
          turnLine(s, ++turn, t.side(), t.dice().toString(), t.play().isPass() ? "pass" : t.play().notation());
        } else if (e instanceof GameEvent.Resignation r) {
          s.append("Resigns: ").append(r.side().key()).append('\n');
        }
      }
      if (g.phase() == Phase.PLAY) turnLine(s, ++turn, g.sideToAct(), g.diceToPlay().toString(), "");
      if (g.isOver()) s.append("Result: ").append(g.result()).append('\n');
    }
    return s.toString();
  }

  private static void turnLine(StringBuilder s, int turn, Side side, String dice, String play) {
    s.append(String.format("%3d) %s %s:", turn, side.key(), dice));
    if (!play.isEmpty()) s.append(' ').append(play);
    s.append('\n');
  }

  private static void header(StringBuilder s, String name, String value) {
    s.append('[').append(name).append(" \"")
        .append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
  }

  /** Reads a record back, replaying it; rejects it with the line, turn and reason of any fault. */
  public static Parsed read(String text) {
    Map<String, String> headers = new LinkedHashMap<>();
    Rules rules = null;
    int length = 1;
    org.jacquet.engine.Position start = null;
    RecordedDice dice = new RecordedDice();
    Match match = null;
    int eventCursor = 0;
    boolean pendingTurn = false;
    String[] lines = text.split("\\R");
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].strip();
      if (line.isEmpty() || line.startsWith(";")) continue;
      String where = "line " + (n + 1);
      try {
        if (pendingTurn) throw new IllegalArgumentException("nothing may follow a turn not yet played");
        Matcher m;
        if ((m = HEADER.matcher(line)).matches()) {
          if (match != null) throw new IllegalArgumentException("header after the first game");
          String value = m.group(2).replaceAll("\\\\(.)", "$1");
          switch (m.group(1)) {
            case "Rules" -> rules = Rules.parse(value);
            case "Match" -> length = parseLength(value);
            case "Position" -> start = org.jacquet.engine.Position.parse(value);
            case "Result" -> { }
            default -> headers.put(m.group(1), value);
          }
        } else if (line.startsWith("Game ")) {
          int number = Integer.parseInt(line.substring(5).trim());
          if (match == null) {
            if (rules == null) throw new IllegalArgumentException("missing [Rules \"…\"] header");
            if (number != 1) throw new IllegalArgumentException("the first game must be Game 1");
            match = new Match(rules, length, dice, start);
          } else {
            if (number != match.games().size() + 1) {
              throw new IllegalArgumentException("expected Game " + (match.games().size() + 1));
            }
            match.nextGame();
          }
          eventCursor = 0;
        } else {
          if (match == null) throw new IllegalArgumentException("expected a Game line before '" + line + "'");
          Game game = match.game();
          where = "game " + match.games().size() + ", " + where;
          List<GameEvent> events = game.events();
          if ((m = SCORE.matcher(line)).matches()) {
            int i = match.games().size() - 1;
            if (Integer.parseInt(m.group(1)) != match.scoreBefore(i, Side.WHITE)
                || Integer.parseInt(m.group(2)) != match.scoreBefore(i, Side.BLACK)) {
              throw new IllegalArgumentException("score does not match the games before");
            }
          } else if ((m = OPENING.matcher(line)).matches()) {
            dice.addOpening(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            game.roll();
            expect(events, eventCursor++, GameEvent.OpeningThrow.class, line);
          } else if ((m = CHOICE.matcher(line)).matches()) {
            if (Side.parse(m.group(1)) != game.sideToAct()) {
              throw new IllegalArgumentException(m.group(1) + " did not win the opening throw");
            }
            game.chooseOpening(m.group(2).equals("throws again"));
            expect(events, eventCursor++, GameEvent.OpeningChoice.class, line);
          } else if ((m = TURN.matcher(line)).matches()) {
            where = "game " + match.games().size() + ", turn " + m.group(1);
            Side side = Side.parse(m.group(2));
            String diceText = m.group(3);
            String play = m.group(4) == null ? "" : m.group(4).strip();
            if (eventCursor == events.size() && game.phase() == Phase.ROLL) {
              if (diceText.startsWith("+")) throw new IllegalArgumentException("expected a throw, not " + diceText);
              Dice d = Dice.parse(diceText);
              dice.addThrow(d.high(), d.low());
              game.roll();
            }
            if (eventCursor < events.size()) {
              // The engine passed on its own: the record must say so.
              GameEvent.Turn t = expect(events, eventCursor++, GameEvent.Turn.class, line);
              if (t.side() != side || !t.dice().toString().equals(diceText) || !play.equals("pass")) {
                throw new IllegalArgumentException("expected '" + t.side().key() + " " + t.dice()
                    + ": pass' (nothing can be played)");
              }
            } else {
              if (game.phase() != Phase.PLAY) throw new IllegalArgumentException("no turn expected here");
              if (game.sideToAct() != side) throw new IllegalArgumentException("it is " + game.sideToAct().key() + "'s turn");
              if (!game.diceToPlay().toString().equals(diceText)) {
                throw new IllegalArgumentException("expected dice " + game.diceToPlay() + ", not " + diceText);
              }
              if (play.isEmpty()) pendingTurn = true;
              else {
                game.play(play);
                eventCursor++;
              }
            }
          } else if (line.startsWith("Resigns: ")) {
            game.resign(Side.parse(line.substring(9)));
            expect(events, eventCursor++, GameEvent.Resignation.class, line);
          } else if (line.startsWith("Result: ")) {
            GameResult expected = GameResult.parse(line.substring(8));
            if (!game.isOver() || !game.result().equals(expected)) {
              throw new IllegalArgumentException("the game ends '"
                  + (game.isOver() ? game.result().toString() : "not yet") + "', not '" + expected + "'");
            }
          } else {
            throw new IllegalArgumentException("cannot read '" + line + "'");
          }
        }
      } catch (IllegalPlayException e) {
        throw new IllegalArgumentException(where + ": illegal play: " + e.getMessage(), e);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    if (match == null) throw new IllegalArgumentException("the record has no game");
    return new Parsed(headers, match, dice);
  }

  private static int parseLength(String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("match length '" + value + "' is not a number");
    }
  }

  private static <T extends GameEvent> T expect(List<GameEvent> events, int index, Class<T> type, String line) {
    if (index >= events.size() || !type.isInstance(events.get(index))) {
      throw new IllegalArgumentException("'" + line + "' does not follow from the game so far");
    }
    return type.cast(events.get(index));
  }
}
