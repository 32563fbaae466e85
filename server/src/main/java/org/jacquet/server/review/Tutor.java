package org.jacquet.server.review;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.server.game.TypedPlayText;
import org.jacquet.ai.Level;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Practice;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * The tutor of a game against the computer (as GNU Backgammon's): before a play is made, what
 * it gives up against the best play, ranked as hints are. The page asks it before confirming
 * and lets the player take the play back. Nothing is changed.
 */
public final class Tutor {
  private Tutor() {}

  /**
   * {@code POST /api/games/{id}/tutor} with the seat token as {@code Authorization: Bearer} and
   * {@code {"play": "1/7 7/12"}} (a play about to be typed) or {@code {}} (the steps laid down):
   * {@code {"play", "equity", "best", "bestEquity", "lost"}}.
   */
  public static void install(Javalin app, GameService games) {
    app.post("/api/games/{id}/tutor", ctx -> {
      String auth = ctx.header("Authorization");
      String token = auth != null && auth.startsWith("Bearer ") && auth.length() < 300 ? auth.substring(7).trim() : null;
      JsonBody body = JsonBody.parse(ctx.body(), true, Set.of("play", "naming", "last"));
      String typed = body.text("play", null);
      PointNaming naming = PointNaming.of(body.oneOf("naming", TypedPlayText.DEFAULT, TypedPlayText.NAMINGS));
      String hash = token == null ? null : Tokens.sha256(token);
      CompletableFuture<ObjectNode> answer = body.bool("last", false) ? checkLast(games, ctx.pathParam("id"), hash)
          : check(games, ctx.pathParam("id"), hash, typed, naming);
      answerLater(ctx, answer, "tutor");
    });
  }

  /**
   * Answers {@code ctx} with what {@code answer} gives once it is ready: the request waits
   * without holding a Jetty thread or a game's lock. A failure other than a refusal is a bug,
   * logged with {@code what} failed.
   */
  public static void answerLater(io.javalin.http.Context ctx, CompletableFuture<ObjectNode> answer, String what) {
    ctx.future(() -> answer.handle((o, failure) -> {
      if (failure == null) {
        ctx.contentType("application/json; charset=utf-8").result(o.toString());
      } else {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        Refusal r = cause instanceof Refusal refusal ? refusal : new Refusal("internal", "the server failed to answer; this is a bug");
        if (!(cause instanceof Refusal)) System.err.println("jacquet: " + what + " failed: " + Health.rootCause(cause));
        Problems.answer(ctx.status(r.httpStatus()), r);
      }
      return null;
    }));
  }

  /**
   * What the play gives up. The play and the legal plays are taken under the game's lock, the
   * ranking is done off it ({@link Analyses}); if the game moved on meanwhile the answer is
   * refused as {@code conflict} rather than given for a position that is gone.
   */
  static CompletableFuture<ObjectNode> check(GameService games, String id, String tokenHash, String typed, PointNaming naming) {
    record Ask(Side side, int version, Rules rules, LegalPlays legal, Play play) {}
    Ask ask = games.read(id, room -> {
      Side side = room.sideOf(tokenHash);
      Game game = room.match.game();
      if (side == null) throw new Refusal("not-seated", "only a player can ask the tutor");
      if (!room.hasComputer()) throw new Refusal("no-hint", "the tutor is for games against the computer");
      if (game.phase() != Phase.PLAY || game.sideToAct() != side) throw new Refusal("not-your-turn", "the tutor looks at your own play");
      Play play;
      if (typed != null) {
        try {
          play = PlayNotation.parse(TypedPlayText.read(typed, naming, side), room.rules, game.position(), game.diceToPlay());
        } catch (IllegalPlayException e) {
          throw Problems.illegal(e);
        }
      } else {
        if (room.partial == null || !room.partial.matches(game.legalPlays()) || !room.partial.isComplete()) {
          throw new Refusal("incomplete", "the play is not complete: play the dice left or take steps back");
        }
        play = room.partial.play();
      }
      return new Ask(side, room.version, room.rules, game.legalPlays(), play);
    });
    return rank(games, id, ask.side(), ask.version(), ask.rules(), ask.legal(), ask.play());
  }

  /**
   * In a practice game, what the player's last play (already made, the computer not yet
   * thrown) gave up: ranked from the position and dice it was made with, to offer it back.
   */
  static CompletableFuture<ObjectNode> checkLast(GameService games, String id, String tokenHash) {
    record Ask(Side side, int version, Rules rules, LegalPlays legal, Play play) {}
    Ask ask = games.read(id, room -> {
      Side side = room.sideOf(tokenHash);
      if (side == null) throw new Refusal("not-seated", "only a player can ask the tutor");
      Game before = Practice.beforeLastPlay(room, side);
      var turns = room.match.game().events().stream().filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).toList();
      var last = (org.jacquet.engine.game.GameEvent.Turn) turns.get(turns.size() - 1);
      Play play = PlayNotation.parse(last.play().notation(), room.rules, before.position(), before.diceToPlay());
      return new Ask(side, room.version, room.rules, before.legalPlays(), play);
    });
    return rank(games, id, ask.side(), ask.version(), ask.rules(), ask.legal(), ask.play());
  }

  /** The plays ranked off the game's lock; the answer refused if the game moved on meanwhile. */
  private static CompletableFuture<ObjectNode> rank(GameService games, String id, Side side, int version, Rules rules, LegalPlays legal, Play play) {
    record Ask(Side side, int version, Rules rules, LegalPlays legal, Play play) {}
    Ask ask = new Ask(side, version, rules, legal, play);
    return games.analyse(id + "|" + ask.side().key() + "|tutor", ask.version(), () -> {
      List<RankedPlay> ranked = Level.WORLD_CLASS.ranker(ask.rules()).rank(ask.legal());
      RankedPlay best = ranked.get(0);
      RankedPlay mine = ranked.stream().filter(r -> r.play().result().equals(ask.play().result())).findFirst().orElse(best);
      return StateView.JSON.createObjectNode().put("play", mine.play().notation()).put("equity", mine.equity())
          .put("best", best.play().notation()).put("bestEquity", best.equity())
          .put("lost", Math.max(0, best.equity() - mine.equity()));
    }).thenApply(o -> {
      if (!games.stillAt(id, ask.version())) throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
      return o;
    });
  }
}
