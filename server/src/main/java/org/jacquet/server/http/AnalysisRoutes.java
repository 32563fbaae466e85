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
      analyses.acquire(address.of(ctx));
      var legal = PlayGenerator.legalPlays(rules, position, DiceToPlay.of(dice, rules));
      var ranked = Level.WORLD_CLASS.ranker(rules).rank(legal);
      ObjectNode o = StateView.JSON.createObjectNode().put("position", position.toString()).put("id", position.id())
          .put("dice", dice.toString()).put("rules", rules.toString());
      ArrayNode plays = o.putArray("plays");
      for (var r : ranked) {
        plays.addObject().put("play", r.play().isPass() ? "pass" : r.play().notation()).put("equity", r.equity())
            .put("win", r.winProbability()).put("plies", r.plies());
      }
      ctx.result(o.toString());
    });
    Routes.get(app, "/api/games/{id}/review", ctx -> {
      String id = ctx.pathParam("id");
      int version = games.read(id, room -> {
        if (!room.match.game().isOver()) throw new Refusal("not-over", "a game is reviewed once it is over");
        return room.version;
      });
      if (!reviews.known(id, version)) reviewRequests.acquire(address.of(ctx));
      ctx.result(reviews.get(id, ClientLanguage.of(ctx)).toString());
    });
  }
}
