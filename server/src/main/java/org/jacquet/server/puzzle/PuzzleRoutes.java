package org.jacquet.server.puzzle;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jacquet.ai.PlainNumbers;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.Excerpt;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.http.Routes;
import org.jacquet.server.identity.AccountSessions;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;
import org.jacquet.server.refusal.Refusal;

/**
 * The puzzle routes (docs/PROTOCOL.md): the puzzle of a date, a puzzle by set and index with the
 * learner's steps so far, the next one (by theme; near a signed-in player's puzzle rating), and
 * the answer to a complete play (POST, from the site's own pages): judged here, rated for a
 * signed-in player's first answer to a puzzle offered to it, and given to every {@link #onResult
 * listener} as a {@link PuzzleResult}. Every parameter is checked and refused with a code naming
 * it; nothing is kept per guest.
 */
public final class PuzzleRoutes {
  private final PuzzleShelf shelf;
  private final Clock clock;
  private final AccountSessions sessions;
  /** The ratings' store; null without a database (nobody is signed in then). */
  private final PuzzleRatings ratings;
  private final List<Consumer<PuzzleResult>> listeners = new CopyOnWriteArrayList<>();

  /**
   * {@code ratings} null: no accounts, every learner a guest. An answer from another site's page
   * is refused before it gets here ({@link org.jacquet.server.http.StateChanges}).
   */
  public PuzzleRoutes(PuzzleShelf shelf, Clock clock, AccountSessions sessions, PuzzleRatings ratings) {
    this.shelf = shelf;
    this.clock = clock;
    this.sessions = ratings == null ? AccountSessions.NONE : sessions;
    this.ratings = ratings;
  }

  /** Calls {@code listener} with each answer given (from the request's thread: it must not block). */
  public void onResult(Consumer<PuzzleResult> listener) {
    listeners.add(listener);
  }

  /** Adds the routes to {@code app}, GET and HEAD alike. */
  public void install(Javalin app) {
    Routes.get(app, "/api/puzzles/daily", ctx -> {
      LocalDate day = date(ctx.queryParam("date"));
      String preset = PuzzleShelf.PRESETS.get(0);
      ctx.result(offered(ctx, preset, shelf.daily(day)).put("date", day.toString()).toString());
    });
    Routes.get(app, "/api/puzzles/random", ctx -> {
      String preset = Routes.text(ctx.queryParam("rules"), PuzzleShelf.PRESETS.get(0));
      Theme wanted = theme(ctx.queryParam("theme"));
      String not = ctx.queryParam("not");
      Integer notIndex = not == null || not.isEmpty() ? null : index(not);
      Optional<Player> who = who(ctx);
      Puzzle p = who.isPresent()
          ? ratings.near(who.get().id(), preset, shelf.matching(preset, wanted), notIndex, new SplittableRandom())
          : shelf.random(preset, wanted, notIndex, new SplittableRandom());
      ctx.result(offered(ctx, preset, p).toString());
    });
    Routes.get(app, "/api/puzzles/{rules}/{index}", ctx -> {
      String preset = ctx.pathParam("rules");
      Puzzle p = shelf.puzzle(preset, index(ctx.pathParam("index")));
      ObjectNode o = PuzzleView.of(preset, shelf.rules(preset), p, ctx.queryParam("steps"));
      who(ctx).ifPresent(player -> putPlayer(o, ratings.player(player.id())));
      ctx.result(o.toString());
    });
    app.post("/api/puzzles/{rules}/{index}/answer", ctx -> {
      String preset = ctx.pathParam("rules");
      Puzzle p = shelf.puzzle(preset, index(ctx.pathParam("index")));
      String steps = JsonBody.parse(ctx.body(), true, Set.of("steps")).text("steps", "");
      ObjectNode answer = PuzzleView.answer(preset, shelf.rules(preset), p, steps);
      boolean solved = answer.get("solved").asBoolean();
      Instant now = Instant.now(clock);
      Optional<Player> who = who(ctx);
      if (who.isPresent()) rated(answer, ratings.answer(who.get().id(), preset, p, solved, now.toEpochMilli()), preset, p);
      PuzzleResult result = new PuzzleResult(preset, p.index(), solved, answer.get("play").asText(), now);
      for (Consumer<PuzzleResult> l : listeners) l.accept(result);
      ctx.result(answer.toString());
    });
  }

  /** The signed-in account behind a request, if any. */
  private Optional<Player> who(Context ctx) {
    return sessions.player(ctx.cookie(Identities.SESSION_COOKIE));
  }

  /** {@code p} as the page shows it, marked offered to a signed-in player (its first answer is rated), with its rating. */
  private ObjectNode offered(Context ctx, String preset, Puzzle p) {
    ObjectNode o = PuzzleView.of(preset, shelf.rules(preset), p, null);
    who(ctx).ifPresent(player -> {
      ratings.offer(player.id(), preset, p, Instant.now(clock).toEpochMilli());
      putPlayer(o, ratings.player(player.id()));
    });
    return o;
  }

  private static void putPlayer(ObjectNode o, PuzzleRatings.Stored s) {
    s.into(o.putObject("player"));
  }

  /** The answer's {@code rating}: how the player's puzzle rating and the puzzle's moved, or why neither did. */
  private void rated(ObjectNode answer, PuzzleRatings.Outcome outcome, String preset, Puzzle p) {
    ObjectNode r = answer.putObject("rating");
    if (outcome.notRated() != null) {
      r.put("rated", false).put("why", outcome.notRated()).put("puzzle", Math.round(ratings.puzzle(preset, p).rating()));
      return;
    }
    r.put("rated", true).put("before", Math.round(outcome.before().rating())).put("after", Math.round(outcome.after().rating()))
        .put("deviation", Math.round(outcome.after().deviation())).put("provisional", outcome.after().provisional())
        .put("puzzle", Math.round(outcome.puzzleAfter().rating()));
  }

  private static Theme theme(String text) {
    if (text == null || text.isEmpty()) return null;
    try {
      return Theme.parse(text);
    } catch (IllegalArgumentException e) {
      throw new Refusal("bad-theme", Map.of("text", Excerpt.of(text), "known", "postilion, blocks, bear-off, race"), e.getMessage());
    }
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
}
