package org.jacquet.server.puzzle;

import io.javalin.Javalin;
import io.javalin.http.Handler;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jacquet.ai.PlainNumbers;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.Excerpt;
import org.jacquet.server.refusal.Refusal;

/**
 * The puzzle routes (docs/PROTOCOL.md): the puzzle of a date, a puzzle by set and index with the
 * learner's steps so far, a random one by theme, and the answer to a complete play — which is
 * given to every {@link #onResult listener} as a {@link PuzzleResult}. Every parameter is checked
 * and refused with a code naming it; nothing is kept per client.
 */
public final class PuzzleRoutes {
  private final PuzzleShelf shelf;
  private final Clock clock;
  private final List<Consumer<PuzzleResult>> listeners = new CopyOnWriteArrayList<>();

  public PuzzleRoutes(PuzzleShelf shelf, Clock clock) {
    this.shelf = shelf;
    this.clock = clock;
  }

  /** Calls {@code listener} with each answer given (from the request's thread: it must not block). */
  public void onResult(Consumer<PuzzleResult> listener) {
    listeners.add(listener);
  }

  /** Adds the routes to {@code app}, GET and HEAD alike. */
  public void install(Javalin app) {
    get(app, "/api/puzzles/daily", ctx -> {
      LocalDate day = date(ctx.queryParam("date"));
      Puzzle p = shelf.daily(day);
      String preset = PuzzleShelf.PRESETS.get(0);
      ctx.result(PuzzleView.of(preset, shelf.rules(preset), p, null).put("date", day.toString()).toString());
    });
    get(app, "/api/puzzles/random", ctx -> {
      String preset = text(ctx.queryParam("rules"), PuzzleShelf.PRESETS.get(0));
      String theme = ctx.queryParam("theme");
      Theme wanted = null;
      if (theme != null && !theme.isEmpty()) {
        try {
          wanted = Theme.parse(theme);
        } catch (IllegalArgumentException e) {
          throw new Refusal("bad-theme", Map.of("text", Excerpt.of(theme), "known", "postilion, blocks, bear-off, race"), e.getMessage());
        }
      }
      String not = ctx.queryParam("not");
      Integer notIndex = not == null || not.isEmpty() ? null : index(not);
      Puzzle p = shelf.random(preset, wanted, notIndex, new SplittableRandom());
      ctx.result(PuzzleView.of(preset, shelf.rules(preset), p, null).toString());
    });
    get(app, "/api/puzzles/{rules}/{index}", ctx -> {
      String preset = ctx.pathParam("rules");
      Puzzle p = shelf.puzzle(preset, index(ctx.pathParam("index")));
      ctx.result(PuzzleView.of(preset, shelf.rules(preset), p, ctx.queryParam("steps")).toString());
    });
    get(app, "/api/puzzles/{rules}/{index}/answer", ctx -> {
      String preset = ctx.pathParam("rules");
      Puzzle p = shelf.puzzle(preset, index(ctx.pathParam("index")));
      var answer = PuzzleView.answer(preset, shelf.rules(preset), p, ctx.queryParam("steps"));
      PuzzleResult result = new PuzzleResult(preset, p.index(), answer.get("solved").asBoolean(), answer.get("play").asText(),
          Instant.now(clock));
      for (Consumer<PuzzleResult> l : listeners) l.accept(result);
      ctx.result(answer.toString());
    });
  }

  private static void get(Javalin app, String path, Handler handler) {
    app.get(path, handler);
    app.head(path, handler);
  }

  /** A date {@code 2026-11-26} from 2000 to 2199; today (the server's, UTC) when not given. */
  private LocalDate date(String text) {
    if (text == null || text.isEmpty()) return LocalDate.now(clock);
    Refusal bad = new Refusal("bad-date", Map.of("text", Excerpt.of(text), "min", PuzzleShelf.FIRST_DAY.toString(),
        "max", PuzzleShelf.LAST_DAY.toString()), "a date is written year-month-day, from 2000 to 2199");
    if (text.length() != 10) throw bad;
    try {
      LocalDate day = LocalDate.parse(text);
      if (day.isBefore(PuzzleShelf.FIRST_DAY) || day.isAfter(PuzzleShelf.LAST_DAY)) throw bad;
      return day;
    } catch (DateTimeParseException e) {
      throw bad;
    }
  }

  /** A puzzle's index, or no such puzzle. */
  private static int index(String text) {
    if (!PlainNumbers.isIndex(text)) throw new Refusal("no-puzzle", "'" + Excerpt.of(text) + "' is not a puzzle's number");
    return Integer.parseInt(text);
  }

  private static String text(String value, String fallback) {
    return value == null || value.isEmpty() ? fallback : value;
  }
}
