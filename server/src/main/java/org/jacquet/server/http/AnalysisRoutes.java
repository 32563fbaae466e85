package org.jacquet.server.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import org.jacquet.ai.Level;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.review.Reviews;
import org.jacquet.server.review.Tutor;

/** The analysis over HTTP: a position's plays ranked, and a finished game's review. */
public final class AnalysisRoutes {
  private AnalysisRoutes() {}

  public static void install(Javalin app, GameService games, Reviews reviews, RateLimiter analyses,
      RateLimiter reviewRequests, ClientAddress address) {
    Routes.get(app, "/api/analyse", ctx -> {
      Rules rules = Problems.parse("bad-rules", Routes.text(ctx.queryParam("rules"), "modern"), Rules::parse);
      Position position = Problems.parse("bad-position", Routes.text(ctx.queryParam("position"), ""), Position::parse);
      if (position.isOver()) throw new Refusal("over", "the game is over in this position");
      Dice dice = Problems.parse("bad-dice", Routes.text(ctx.queryParam("dice"), ""), Dice::parse);
      String client = address.of(ctx);
      analyses.acquire(client);
      // On the analyses' bounded pool, not on a request thread: 16 addresses asking 320 took
      // 47 CPU-seconds there and slowed every game's actions. One at a time per address (asking
      // the same again joins it, anything else is busy meanwhile); a full queue is busy too.
      String asked = rules + "|" + position.id() + "|" + dice;
      var answer = games.analyse("analyse|" + client, asked.hashCode(), () -> ranked(rules, position, dice)).thenApply(o -> {
        // Joined by the hash of what was asked: another question of equal hash is not answered by this one.
        if (!asked.equals(o.get("rules").asText() + "|" + o.get("id").asText() + "|" + o.get("dice").asText())) {
          throw new Refusal("busy", "the server is still computing your previous request; try again in a moment");
        }
        return o;
      });
      Tutor.answerLater(ctx, answer, "analysis");
    });
    Routes.get(app, "/api/games/{id}/review", ctx -> {
      String id = ctx.pathParam("id");
      int version = games.read(id, room -> {
        if (!room.match.game().isOver()) throw new Refusal("not-over", "a game is reviewed once it is over");
        return room.version;
      });
      String client = address.of(ctx);
      if (!reviews.known(id, version)) reviewRequests.acquire(client);
      ctx.result(reviews.get(id, client, ClientLanguage.of(ctx)).toString());
    });
  }

  /** The plays of {@code dice} in {@code position}, ranked at the strongest level. */
  private static ObjectNode ranked(Rules rules, Position position, Dice dice) {
    var legal = PlayGenerator.legalPlays(rules, position, DiceToPlay.of(dice, rules));
    var ranked = Level.WORLD_CLASS.ranker(rules).rank(legal);
    ObjectNode o = StateView.JSON.createObjectNode().put("position", position.toString()).put("id", position.id())
        .put("dice", dice.toString()).put("rules", rules.toString());
    ArrayNode plays = o.putArray("plays");
    for (var r : ranked) {
      plays.addObject().put("play", r.play().isPass() ? "pass" : r.play().notation()).put("equity", r.equity())
          .put("win", r.winProbability()).put("plies", r.plies());
    }
    return o;
  }
}
