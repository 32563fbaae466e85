package org.jacquet.server.game;

import java.util.function.Consumer;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.review.Analyses;

/**
 * Hints, and every analysis of a game in play (the tutor, {@code /api/analyse}): what is needed is
 * taken under the game's lock, the thinking is done outside it on {@link Analyses} (60–400 ms
 * that would hold up every action and socket of the game), and an answer overtaken by the game
 * is dropped.
 */
final class Hints implements AutoCloseable {
  private final Rooms rooms;
  private final Analyses analyses = new Analyses();

  Hints(Rooms rooms) {
    this.rooms = rooms;
  }

  /** See {@link GameService#hint}. */
  void hint(String id, String tokenHash, Consumer<com.fasterxml.jackson.databind.node.ObjectNode> deliver) {
    record Ask(Side side, int version, Rules rules, org.jacquet.engine.LegalPlays legal) {}
    Ask ask = rooms.read(id, room -> {
      Side side = room.sideOf(tokenHash);
      Game game = room.match.game();
      if (side == null) throw new Refusal("not-seated", "only a player can ask for a hint");
      if (!room.hasComputer()) throw new Refusal("no-hint", "hints are for games against the computer");
      PlayerActions.requireTurn(game, side, Phase.PLAY, "hints are for your own turn");
      return new Ask(side, room.version, room.rules, game.legalPlays());
    });
    analyses.run(id + "|" + ask.side().key() + "|hint", ask.version(), () -> {
      var ranked = Level.WORLD_CLASS.ranker(ask.rules()).rank(ask.legal());
      var o = StateView.JSON.createObjectNode().put("type", "hint").put("version", ask.version());
      var plays = o.putArray("plays");
      for (var r : ranked) {
        plays.addObject().put("play", r.play().notation()).put("equity", r.equity()).put("win", r.winProbability())
            .put("doubleWin", r.doubleWinProbability()).put("doubleLoss", r.doubleLossProbability());
      }
      return o;
    }).whenComplete((o, failure) -> {
      if (failure != null) {
        System.err.println("jacquet: hint failed in game " + id + ": " + Health.rootCause(failure));
      } else {
        // Under the lock: a play stored meanwhile is either after this hint on the socket, or
        // it has moved the version on and the hint is dropped.
        try {
          rooms.read(id, room -> {
            if (room.version == ask.version()) deliver.accept(o);
            return null;
          });
        } catch (Refusal e) {
          // the game cannot be read now: the hint is dropped
        }
      }
    });
  }

  /** Runs {@code work} off the game's lock for a seat (see {@link Analyses#run}). */
  <T> java.util.concurrent.CompletableFuture<T> analyse(String seat, int version, java.util.function.Supplier<T> work) {
    return analyses.run(seat, version, work);
  }

  /** Whether game {@code id} is still at {@code version} (false when it cannot be told). */
  boolean stillAt(String id, int version) {
    try {
      return rooms.read(id, room -> room.version == version);
    } catch (Refusal e) {
      return false;
    }
  }

  void holdForTests(java.util.concurrent.CountDownLatch release) {
    analyses.holdForTests(release);
  }

  int started() {
    return analyses.started();
  }

  @Override
  public void close() {
    analyses.close();
  }
}
