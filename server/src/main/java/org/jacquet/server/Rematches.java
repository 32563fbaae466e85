package org.jacquet.server;

import io.javalin.Javalin;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;

/**
 * A rematch of a finished match: the same rules, length and opponent, the sides swapped, and
 * the same seats (each player's token opens the new game too), so either player may ask and
 * both are shown the way to it. The link from the old game to the new is kept in memory
 * (the last few thousand), which is all the page needs to offer it.
 */
final class Rematches {
  private static final int KEPT = 5000;
  private static final Map<String, String> NEXT = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, false) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > KEPT;
    }
  });

  private Rematches() {}

  /** The rematch of game {@code id}, or null. */
  static String of(String id) {
    return NEXT.get(id);
  }

  /** {@code POST /api/games/{id}/rematch} with the seat token as {@code Authorization: Bearer}. */
  static void install(Javalin app, GameService games, java.util.function.Consumer<String> broadcast) {
    app.post("/api/games/{id}/rematch", ctx -> {
      String id = ctx.pathParam("id");
      String auth = ctx.header("Authorization");
      String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7).trim() : null;
      String made = create(games, id, token == null ? null : Tokens.sha256(token));
      broadcast.accept(id);
      ctx.status(201).result(StateView.JSON.createObjectNode().put("id", made).toString());
    });
  }

  static String create(GameService games, String id, String tokenHash) {
    GameStore.Row old = games.read(id, room -> {
      if (room.sideOf(tokenHash) == null) throw new Refusal("not-seated", "only a player of this game can ask for a rematch");
      if (!room.match.isOver()) throw new Refusal("not-over", "a rematch follows a finished match");
      return room.row;
    });
    synchronized (NEXT) {
      String done = NEXT.get(id);
      if (done != null) return done;
      org.jacquet.engine.rules.Rules rules = org.jacquet.engine.rules.Rules.parse(old.rules());
      long seed = Tokens.seed();
      String newId = Tokens.gameId();
      org.jacquet.engine.Position start = games.read(id, room -> room.match.start());
      Match match = new Match(rules, old.matchLength(), new SeededDice(seed), start);
      Map<String, String> headers = new LinkedHashMap<>();
      String computer = old.level() == null ? null : "Computer (" + old.level() + ")";
      headers.put("White", "computer".equals(old.blackKind()) ? computer : "Player");
      headers.put("Black", "computer".equals(old.whiteKind()) ? computer : "Player");
      headers.put("Game", newId);
      headers.put("SeedHash", Tokens.seedHash(seed));
      headers.put("Date", java.time.LocalDate.now().toString());
      long now = System.currentTimeMillis();
      // Sides swapped: who had White plays Black.
      games.store().insert(new GameStore.Row(newId, old.rules(), old.matchLength(), old.blackKind(), old.whiteKind(),
          old.level(), old.blackToken(), old.whiteToken(), seed, Tokens.seedHash(seed),
          GameRecord.write(match, headers), "playing", 0, now, now, null));
      NEXT.put(id, newId);
      games.scheduleComputer(newId);
      return newId;
    }
  }

}
