package org.jacquet.engine.format;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Dice;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeedHash;
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
  private static final Pattern HEADER_NAME = Pattern.compile("\\w[\\w-]*+");
  private static final Pattern OPENING = Pattern.compile("Opening: white ([1-6]), black ([1-6])");
  private static final Pattern CHOICE =
      Pattern.compile("Choice: (white|black) (throws again|plays the opening dice)");
  private static final Pattern TURN =
      Pattern.compile("(\\d+)\\) (white|black) (\\+?[1-6](?:-[1-6]){0,7}):(?: (.*))?");
  private static final Pattern SCORE = Pattern.compile("Score: white (\\d{1,9}), black (\\d{1,9})");

  /**
   * A record read back: its headers (other than Rules, Match and Result), the match, and the
   * dice it replayed (to go on with, {@link RecordedDice#continueWith}).
   */
  public record Parsed(Map<String, String> headers, Match match, RecordedDice dice, Lines lines) {
    public Parsed(Map<String, String> headers, Match match, RecordedDice dice) {
      this(headers, match, dice, new Lines(0, 0, false));
    }
  }

  /**
   * The optional lines the record gave, each checked against the replayed games: how many
   * {@code Score:} and {@code Result:} lines, and whether a {@code [Result]} header (a verifier
   * wants them all, since a line left out is a line not checked).
   */
  public record Lines(int scoreLines, int resultLines, boolean resultHeader) {}

  private GameRecord() {}

  /**
   * The headers a record is written with, in every format (text and JSON alike): those given,
   * and the hash of a known seed when they give none, so that the dice can be checked.
   */
  public static Map<String, String> committed(Map<String, String> headers) {
    String seed = headers.get("Seed");
    if (seed == null || headers.containsKey("SeedHash") || !seed.strip().matches("-?\\d{1,19}")) return headers;
    long value;
    try {
      value = Long.parseLong(seed.strip());
    } catch (NumberFormatException e) {
      return headers; // a seed past the range of a long is not one of ours: nothing to commit to
    }
    Map<String, String> withHash = new java.util.LinkedHashMap<>(headers);
    withHash.put("SeedHash", SeedHash.of(value));
    return withHash;
  }

  public static String write(Match match, Map<String, String> headers) {
    StringBuilder s = new StringBuilder("; Jacquet game record\n");
    header(s, "Rules", match.rules().toString());
    header(s, "Match", Integer.toString(match.length()));
    if (match.start() != null) header(s, "Position", match.start().toString());
    for (Map.Entry<String, String> h : committed(headers).entrySet()) {
      if (!List.of("Rules", "Match", "Result", "Position").contains(h.getKey())) header(s, h.getKey(), h.getValue());
    }
    header(s, "Result", result(match));
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
          if (r.unplayed() != null) turnLine(s, ++turn, g.sideToAct(), r.unplayed().toString(), "");
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
    // A line break inside a value would end the header line: it is written as a space.
    String oneLine = value.replaceAll("[\\p{Cntrl}\\u2028\\u2029\\u0085]", " ");
    s.append('[').append(name).append(" \"")
        .append(oneLine.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
  }

  /** Reads a record back, replaying it; rejects it with the line, turn and reason of any fault. */
  public static Parsed read(String text) {
    if (text == null) throw new RecordException(0, 0, null, new FormatException("record-empty"));
    Map<String, String> headers = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    Rules rules = null;
    int length = 1;
    Position start = null;
    String resultHeader = null;
    int resultLine = 0;
    RecordedDice dice = new RecordedDice();
    Match match = null;
    int eventCursor = 0;
    int turnNumber = 0;
    int scoreLines = 0;
    int resultLines = 0;
    boolean gameScored = false;
    boolean gameResulted = false;
    boolean pendingTurn = false;
    String[] lines = text.split("\\R", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].strip();
      if (line.isEmpty() || line.startsWith(";")) continue;
      int gameAt = 0;
      String turnAt = null;
      try {
        if (pendingTurn && !line.startsWith("Resigns: ")) {
          throw new FormatException("record-after-pending");
        }
        Matcher m;
        String[] header = header(line);
        if (header != null) {
          if (match != null) throw new FormatException("record-header-after-game");
          String name = header[0];
          String value = header[1];
          if (!seen.add(name)) throw new FormatException("record-header-twice", name);
          switch (name) {
            case "Rules" -> rules = Rules.parse(value);
            case "Match" -> length = parseLength(value);
            case "Position" -> start = Position.parse(value);
            case "Result" -> {
              resultHeader = value.strip();
              resultLine = n + 1;
            }
            default -> headers.put(name, value);
          }
        } else if (line.startsWith("Game ")) {
          int number = number(line.substring(5).strip(), "record-game-number-syntax");
          if (match == null) {
            if (rules == null) throw new FormatException("record-rules-missing");
            if (number != 1) throw new FormatException("record-first-game");
            match = new Match(rules, length, dice, start);
          } else {
            if (number != match.games().size() + 1) {
              throw new FormatException("record-game-number", match.games().size() + 1);
            }
            if (!match.game().isOver()) throw new FormatException("record-game-not-over", match.games().size());
            if (match.isOver()) throw new FormatException("record-match-over");
            match.nextGame();
          }
          eventCursor = 0;
          turnNumber = 0;
          gameScored = false;
          gameResulted = false;
        } else {
          if (match == null) throw new FormatException("record-game-expected", Excerpt.of(line));
          Game game = match.game();
          gameAt = match.games().size();
          List<GameEvent> events = game.events();
          if ((m = SCORE.matcher(line)).matches()) {
            if (gameScored) throw new FormatException("record-score-twice");
            gameScored = true;
            int i = match.games().size() - 1;
            if (Integer.parseInt(m.group(1)) != match.scoreBefore(i, Side.WHITE)
                || Integer.parseInt(m.group(2)) != match.scoreBefore(i, Side.BLACK)) {
              throw new FormatException("record-score", match.scoreBefore(i, Side.WHITE), match.scoreBefore(i, Side.BLACK));
            }
            scoreLines++;
          } else if ((m = OPENING.matcher(line)).matches()) {
            if (game.phase() != Phase.OPENING_THROW) throw new FormatException("record-not-following", Excerpt.of(line));
            dice.addOpening(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            game.roll();
            expect(events, eventCursor++, GameEvent.OpeningThrow.class, line);
          } else if ((m = CHOICE.matcher(line)).matches()) {
            if (game.phase() != Phase.OPENING_CHOICE) throw new FormatException("record-not-following", Excerpt.of(line));
            if (Side.parse(m.group(1)) != game.sideToAct()) {
              throw new FormatException("record-choice-side", Side.parse(m.group(1)));
            }
            game.chooseOpening(m.group(2).equals("throws again"));
            expect(events, eventCursor++, GameEvent.OpeningChoice.class, line);
          } else if ((m = TURN.matcher(line)).matches()) {
            turnAt = Excerpt.of(m.group(1));
            turnNumber++;
            if (m.group(1).length() > 9 || Integer.parseInt(m.group(1)) != turnNumber) {
              throw new FormatException("record-turn-number", turnNumber, Excerpt.of(m.group(1)));
            }
            Side side = Side.parse(m.group(2));
            String diceText = m.group(3);
            String play = m.group(4) == null ? "" : m.group(4).strip();
            if (eventCursor == events.size() && game.phase() == Phase.ROLL) {
              if (diceText.startsWith("+")) throw new FormatException("record-throw-expected", diceText);
              Dice d = Dice.parse(diceText);
              dice.addThrow(d.high(), d.low());
              game.roll();
            }
            if (eventCursor < events.size()) {
              // The engine passed on its own: the record must say so.
              GameEvent.Turn t = expect(events, eventCursor++, GameEvent.Turn.class, line);
              if (t.side() != side || !t.dice().toString().equals(diceText) || !play.equals("pass")) {
                throw new FormatException("record-pass-expected", t.side(), t.dice());
              }
            } else {
              if (game.phase() != Phase.PLAY) throw new FormatException("record-no-turn");
              if (game.sideToAct() != side) throw new FormatException("record-wrong-side", game.sideToAct());
              if (!game.diceToPlay().toString().equals(diceText)) {
                throw new FormatException("record-wrong-dice", game.diceToPlay(), diceText);
              }
              if (play.isEmpty()) pendingTurn = true;
              else {
                game.play(play);
                eventCursor++;
              }
            }
          } else if (line.startsWith("Resigns: ")) {
            if (game.isOver()) throw new FormatException("record-game-over");
            game.resign(Side.parse(line.substring(9)));
            pendingTurn = false;
            expect(events, eventCursor++, GameEvent.Resignation.class, line);
          } else if (line.startsWith("Result: ")) {
            if (gameResulted) throw new FormatException("record-result-twice");
            gameResulted = true;
            GameResult expected = GameResult.parse(line.substring(8));
            if (!game.isOver() || !game.result().equals(expected)) {
              if (!game.isOver()) throw new FormatException("record-result-not-over", expected);
              throw new FormatException("record-result", game.result(), expected);
            }
            resultLines++;
          } else {
            throw new FormatException("record-line", Excerpt.of(line));
          }
        }
      } catch (RuntimeException e) {
        throw new RecordException(n + 1, gameAt, turnAt, e);
      }
    }
    if (match == null) throw new RecordException(0, 0, null, new FormatException("record-no-game"));
    if (resultHeader != null && !resultHeader.equals(result(match))) {
      throw new RecordException(resultLine, 0, null,
          new FormatException("record-result-header", Excerpt.of(resultHeader), result(match)));
    }
    return new Parsed(headers, match, dice, new Lines(scoreLines, resultLines, resultHeader != null));
  }

  /**
   * Reads a record from its bytes, which must be UTF-8 (a leading byte-order mark is skipped):
   * bytes that are not are refused with their line, never replaced.
   */
  public static Parsed read(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult r = decoder.decode(in, out, true);
    if (!r.isError()) r = decoder.flush(out);
    if (r.isError()) {
      int line = 1;
      for (int i = 0; i < in.position(); i++) if (bytes[i] == '\n') line++;
      throw new RecordException(line, 0, null, new FormatException("record-not-utf8", in.position() + 1));
    }
    out.flip();
    String text = out.toString();
    if (text.startsWith("\uFEFF")) text = text.substring(1);
    return read(text);
  }

  /** {@code [Name "value"]} as {name, unescaped value}, or null if the line is no header. */
  private static String[] header(String line) {
    if (!line.startsWith("[")) return null;
    int space = line.indexOf(' ');
    if (space < 2 || !line.endsWith("\"]") || line.length() < space + 4 || line.charAt(space + 1) != '"') {
      throw new FormatException("record-header-syntax", Excerpt.of(line));
    }
    String name = line.substring(1, space);
    if (!HEADER_NAME.matcher(name).matches()) {
      throw new FormatException("record-header-name", Excerpt.of(name));
    }
    StringBuilder value = new StringBuilder();
    int end = line.length() - 2;
    for (int i = space + 2; i < end; i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        if (++i == end) throw new FormatException("record-header-backslash", name);
        value.append(line.charAt(i));
      } else if (c == '"') {
        throw new FormatException("record-header-quote", name);
      } else {
        value.append(c);
      }
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.isISOControl(value.charAt(i))) {
        throw new FormatException("record-header-control", name, String.format("U+%04X", (int) value.charAt(i)));
      }
    }
    return new String[] {name, value.toString()};
  }

  /** The [Result] header's value for a match: {@code white 3-1}, or {@code *} while it goes on. */
  static String result(Match match) {
    if (!match.isOver()) return "*";
    Side w = match.winner();
    return w.key() + " " + match.score(w) + "-" + match.score(w.opponent());
  }

  private static int number(String digits, String code) {
    if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new FormatException(code, Excerpt.of(digits));
    }
    return Integer.parseInt(digits);
  }

  private static int parseLength(String value) {
    int length = number(value.strip(), "record-match-length-syntax");
    if (length < 1) throw new FormatException("record-match-too-short");
    return length;
  }

  private static <T extends GameEvent> T expect(List<GameEvent> events, int index, Class<T> type, String line) {
    if (index >= events.size() || !type.isInstance(events.get(index))) {
      throw new FormatException("record-not-following", Excerpt.of(line));
    }
    return type.cast(events.get(index));
  }
}
