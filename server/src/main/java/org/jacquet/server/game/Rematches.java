package org.jacquet.server.game;

import io.javalin.Javalin;
import java.util.Map;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.GameStore;

/**
 * A rematch of a finished match: the same rules, length and opponent, the sides swapped, and
 * the same seats (each player's token opens the new game too), so either player may ask and
 * both are shown the way to it. The link from the old game to the new is stored with the old
 * game (and moves its version on): it survives a restart and is seen by every server process,
 * and two players asking at once, even on two processes, land in the same new game.
 */
public final class Rematches {
  private Rematches() {}

  /**
   * {@code POST /api/games/{id}/rematch} with the seat token as {@code Authorization: Bearer};
   * the computer's first moves are for the client asking ({@code clientAddress}).
   */
  public static void install(Javalin app, GameService games, java.util.function.Consumer<String> broadcast,
      java.util.function.Function<io.javalin.http.Context, String> clientAddress) {
    app.post("/api/games/{id}/rematch", ctx -> {
      String id = ctx.pathParam("id");
      String auth = ctx.header("Authorization");
      String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7).trim() : null;
      String made = create(games, id, token == null ? null : Tokens.sha256(token), clientAddress.apply(ctx));
      broadcast.accept(id);
      ctx.status(201).result(StateView.JSON.createObjectNode().put("id", made).toString());
    });
  }

  private record Old(GameStore.Row row, int version, Side asker, Position start, String rematch) {}

  static String create(GameService games, String id, String tokenHash, String client) {
    for (int attempt = 0; attempt < 3; attempt++) {
      Old old = games.read(id, room -> {
        Side side = room.sideOf(tokenHash);
        if (side == null) throw new Refusal("not-seated", "only a player of this game can ask for a rematch");
        if (!room.match.isOver()) throw new Refusal("not-over", "a rematch follows a finished match");
        return new Old(room.row, room.version, side, room.match.start(), room.rematch);
      });
      if (old.rematch() != null) return old.rematch();
      GameStore.Row row = newGame(old);
      boolean stored;
      try {
        stored = games.store().insertRematch(id, old.version(), old.asker().key(), row);
      } catch (RuntimeException e) {
        throw new Refusal("storage", "the game could not be saved (the server's storage fails); nothing was changed, try again later");
      }
      if (stored) {
        games.changedElsewhere(id);
        games.scheduleComputer(row.id(), client);
        return row.id();
      }
      games.forget(id); // the other player (or process) was first: look again
    }
    throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
  }

  /** The rematch's row: sides swapped (who had White plays Black), a new seed. */
  private static GameStore.Row newGame(Old o) {
    GameStore.Row old = o.row();
    Rules rules = Rules.parse(old.rules());
    long seed = Tokens.seed();
    String newId = Tokens.gameId();
    Match match = new Match(rules, old.matchLength(), new SeededDice(seed), o.start());
    String computer = old.level() == null ? null : "Computer (" + old.level() + ")";
    return GameCreation.row(newId, rules, old.matchLength(), old.level(), "computer".equals(old.blackKind()) ? computer : null,
        "computer".equals(old.whiteKind()) ? computer : null, old.blackToken(), old.whiteToken(), seed, match,
        old.seats().swapped(), "Player", "Player", Map.of());
  }
}
