package org.jacquet.server.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.game.StateView;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.history.History;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;
import org.jacquet.server.identity.Pseudonyms;
import org.jacquet.server.puzzle.PuzzleRatings;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.rating.Leaderboard;
import org.jacquet.server.rating.Ratings;

/**
 * The accounts' HTTP routes (docs/PROTOCOL.md, "Accounts"): sign up, in and out, settings, a
 * player's profile and history, the export and the leaderboard. Every POST checks the page's
 * Origin (the sockets' guard) and is answered JSON; names go out as data, escaped by the pages.
 */
public final class AccountRoutes {
  private static final int HISTORY_PAGE = 20;

  private final Accounts accounts;
  private final Identities identities;
  private final History history;
  private final Leaderboard board;
  private final PuzzleRatings puzzles;
  private final Consumer<Context> checkOrigin;
  private final Function<Context, String> clientAddress;
  private final boolean trustProxy;
  private final RateLimiter exports;

  private AccountRoutes(Accounts accounts, Identities identities, Database db, Consumer<Context> checkOrigin,
      Function<Context, String> clientAddress, boolean trustProxy, Limits limits, java.util.function.LongSupplier rateClock) {
    this.accounts = accounts;
    this.identities = identities;
    this.history = new History(db);
    this.board = new Leaderboard(db);
    this.puzzles = new PuzzleRatings(db);
    this.checkOrigin = checkOrigin;
    this.clientAddress = clientAddress;
    this.trustProxy = trustProxy;
    this.exports = new RateLimiter("exports", Math.max(1, limits.reviewsPerMinute()), limits.windowSeconds(), rateClock);
  }

  /** Installs the routes; the returned chore forgets idle rate buckets ({@code rateClock}: what they refill by, ns). */
  public static Runnable install(Javalin app, Accounts accounts, Identities identities, Database db,
      Consumer<Context> checkOrigin, Function<Context, String> clientAddress, boolean trustProxy, Limits limits,
      java.util.function.LongSupplier rateClock) {
    AccountRoutes r = new AccountRoutes(accounts, identities, db, checkOrigin, clientAddress, trustProxy, limits, rateClock);
    app.post("/api/account/signup", r::signUp);
    app.post("/api/account/signin", r::signIn);
    app.post("/api/account/signout", r::signOut);
    app.post("/api/account/signout-everywhere", r::signOutEverywhere);
    app.post("/api/account/password", r::changePassword);
    app.post("/api/account/name", r::rename);
    app.post("/api/account/delete", r::delete);
    app.post("/api/account/claim", r::claim);
    app.get("/api/account/me", r::me);
    app.get("/api/players/{name}", r::profile);
    app.get("/api/players/{name}/games", r::games);
    app.get("/api/players/{name}/export", r::export);
    app.get("/api/leaderboard", r::leaderboard);
    app.get("/api/levels", r::levels);
    return () -> {
      accounts.sweep();
      r.exports.sweep();
    };
  }

  /** Served over TLS, or behind a trusted proxy that says the browser's side is HTTPS: the cookie is Secure. */
  private boolean secure(Context ctx) {
    return ctx.req().isSecure() || (trustProxy && "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto")));
  }

  private JsonBody post(Context ctx, Set<String> fields) {
    checkOrigin.accept(ctx);
    return JsonBody.parse(ctx.body(), true, fields);
  }

  private void signedIn(Context ctx, Accounts.Session s, int status) {
    ctx.header("Set-Cookie", org.jacquet.server.account.Sessions.cookie(s.token(), secure(ctx)));
    ctx.header("Cache-Control", "no-store");
    ctx.status(status).result(StateView.JSON.createObjectNode().put("id", s.player().id()).put("name", s.player().name())
        .toString());
  }

  private void signUp(Context ctx) {
    checkOrigin.accept(ctx);
    accounts.refuseSpentSignUps(clientAddress.apply(ctx));
    JsonBody b = post(ctx, Set.of("name", "password", "email", "tokens"));
    List<String> tokens = b.texts("tokens", Accounts.MAX_CLAIMED);
    long now = System.currentTimeMillis();
    String name = b.text("name", null);
    // A guest holding the name now keeps it; the guest signing up may take its own.
    refuseHeldName(name, Identities.guestOf(ctx::cookie).orElse(null), now);
    Accounts.Session s = accounts.signUp(name, b.text("password", null), b.text("email", null), clientAddress.apply(ctx), now);
    identities.names().account(s.player(), now); // the name is the account's from now on, on every process
    accounts.sessions().close(ctx.cookie(Identities.SESSION_COOKIE));
    accounts.claim(s.player(), tokens);
    signedIn(ctx, s, 201);
  }

  private void signIn(Context ctx) {
    JsonBody b = post(ctx, Set.of("name", "password"));
    signedIn(ctx, accounts.signIn(b.text("name", null), b.text("password", null), clientAddress.apply(ctx),
        ctx.cookie(Identities.SESSION_COOKIE), System.currentTimeMillis()), 200);
  }

  /** The signed-in player, or refused {@code signed-out}. */
  private Player who(Context ctx) {
    return accounts.player(ctx.cookie(Identities.SESSION_COOKIE))
        .orElseThrow(() -> new Refusal("signed-out", "sign in first (no session, or it ended)"));
  }

  private void signOut(Context ctx) {
    post(ctx, Set.of());
    accounts.sessions().close(ctx.cookie(Identities.SESSION_COOKIE));
    ctx.header("Set-Cookie", org.jacquet.server.account.Sessions.expired(secure(ctx))).status(204);
  }

  private void signOutEverywhere(Context ctx) {
    post(ctx, Set.of());
    accounts.sessions().closeAll(who(ctx).id(), null);
    ctx.header("Set-Cookie", org.jacquet.server.account.Sessions.expired(secure(ctx))).status(204);
  }

  private void changePassword(Context ctx) {
    JsonBody b = post(ctx, Set.of("old", "new"));
    accounts.changePassword(who(ctx), b.text("old", null), b.text("new", null), clientAddress.apply(ctx),
        ctx.cookie(Identities.SESSION_COOKIE));
    ctx.status(204);
  }

  /** Refuses ({@code name-taken}) a name a player other than {@code exceptId} holds now (a guest online, or just left). */
  private void refuseHeldName(String name, String exceptId, long now) {
    if (name != null && identities.names().heldByAnother(name, exceptId, now)) throw Pseudonyms.nameTaken(name);
  }

  private void rename(Context ctx) {
    JsonBody b = post(ctx, Set.of("password", "name"));
    Player who = who(ctx);
    long now = System.currentTimeMillis();
    String name = b.text("name", null);
    refuseHeldName(name, who.id(), now);
    Player renamed = accounts.rename(who, b.text("password", null), name, clientAddress.apply(ctx), now);
    identities.names().account(renamed, now);
    ctx.header("Cache-Control", "no-store");
    ctx.result(StateView.JSON.createObjectNode().put("name", renamed.name()).toString());
  }

  private void delete(Context ctx) {
    JsonBody b = post(ctx, Set.of("password"));
    accounts.delete(who(ctx), b.text("password", null), clientAddress.apply(ctx));
    ctx.header("Set-Cookie", org.jacquet.server.account.Sessions.expired(secure(ctx))).status(204);
  }

  private void claim(Context ctx) {
    JsonBody b = post(ctx, Set.of("tokens"));
    int n = accounts.claim(who(ctx), b.texts("tokens", Accounts.MAX_CLAIMED));
    ctx.result(StateView.JSON.createObjectNode().put("claimed", n).toString());
  }

  private void me(Context ctx) {
    ctx.header("Cache-Control", "no-store");
    ObjectNode o = StateView.JSON.createObjectNode();
    accounts.player(ctx.cookie(Identities.SESSION_COOKIE)).ifPresentOrElse(p -> o.put("signedIn", true).put("name", p.name()),
        () -> o.put("signedIn", false));
    ctx.result(o.toString());
  }

  private Accounts.Account account(Context ctx) {
    String name = ctx.pathParam("name");
    return accounts.byName(name).orElseThrow(() -> new Refusal("no-account", java.util.Map.of("name",
        name.length() > 40 ? name.substring(0, 40) : name), "no account is named " + name));
  }

  private void profile(Context ctx) {
    Accounts.Account a = account(ctx);
    ObjectNode o = StateView.JSON.createObjectNode().put("name", a.name()).put("since", a.createdAt());
    long[] pw = history.playedAndWon(a.id());
    o.put("played", pw[0]).put("won", pw[1]);
    ArrayNode ratings = o.putArray("ratings");
    for (Ratings.Category c : Ratings.Category.values()) {
      ObjectNode r = ratings.addObject().put("category", c.key);
      putRating(a, c, r);
    }
    puzzles.player(a.id()).into(o.putObject("puzzles"));
    ArrayNode current = o.putArray("current");
    for (History.Current g : history.current(a.id(), 20)) {
      ObjectNode x = current.addObject().put("id", g.gameId()).put("rated", g.rated());
      x.put("white", g.whiteName()).put("black", g.blackName());
    }
    ctx.result(o.toString());
  }

  /** One category's rating of {@code a} into {@code r}: the start rating until a rated match is played. */
  private void putRating(Accounts.Account a, Ratings.Category c, ObjectNode r) {
    long now = System.currentTimeMillis();
    var stored = board.rating(a.id(), c, now);
    Glicko2.Rating g = stored.map(Ratings.Stored::rating).orElse(Glicko2.START);
    r.put("rating", Math.round(g.rating())).put("deviation", Math.round(g.deviation())).put("provisional", g.provisional())
        .put("games", stored.map(Ratings.Stored::games).orElse(0)).put("wins", stored.map(Ratings.Stored::wins).orElse(0));
    board.rank(a.id(), c, now).ifPresent(n -> r.put("rank", n));
    ArrayNode graph = r.putArray("graph");
    for (Leaderboard.Point p : board.graph(a.id(), c)) graph.addArray().add(p.at()).add(Math.round(p.rating()));
  }

  private void games(Context ctx) {
    Accounts.Account a = account(ctx);
    String before = ctx.queryParam("before");
    History.Cursor cursor = before == null ? null
        : History.Cursor.parse(before).orElseThrow(() -> JsonBody.badField("before", JsonBody.Expected.CURSOR));
    List<History.Entry> page = history.page(a.id(), cursor, HISTORY_PAGE);
    ObjectNode o = StateView.JSON.createObjectNode();
    ArrayNode list = o.putArray("games");
    for (History.Entry e : page) {
      ObjectNode g = list.addObject().put("id", e.gameId()).put("ended", e.endedAt()).put("side", e.side())
          .put("rules", e.rules()).put("match", e.matchLength()).put("won", e.won()).put("rated", e.rated())
          .put("time", e.timeControl());
      // An opponent's seat with an account id and no name: the account was deleted.
      if (e.opponentName() != null) g.put("opponent", e.opponentName());
      // The opponent's account today (its profile's name), beside the name the game was played under.
      if (e.opponentAccount() != null) g.put("opponentAccount", e.opponentAccount());
      else if (e.opponentId() != null && e.opponentId().startsWith(Player.ACCOUNT_PREFIX)) g.put("opponentDeleted", true);
      if (e.ratingBefore() != null) g.put("ratingChange", Math.round(e.ratingAfter()) - Math.round(e.ratingBefore()))
          .put("rating", Math.round(e.ratingAfter()));
    }
    if (page.size() == HISTORY_PAGE) {
      History.Entry last = page.get(page.size() - 1);
      o.put("next", new History.Cursor(last.endedAt(), last.gameId()).toString());
    }
    ctx.result(o.toString());
  }

  private void export(Context ctx) throws java.io.IOException {
    Accounts.Account a = account(ctx);
    exports.acquire(clientAddress.apply(ctx));
    ctx.contentType("text/plain; charset=utf-8");
    ctx.header("Content-Disposition", "attachment; filename=\"" + a.name() + "-games.txt\"");
    var out = new java.io.StringWriter();
    history.export(a.id(), out);
    ctx.result(out.toString());
  }

  /**
   * The levels of the computer that are rated players, with their rating in each pool ("?" while
   * provisional, as any player's): the picker shows them, and Play now picks the nearest.
   */
  private void levels(Context ctx) {
    long now = System.currentTimeMillis();
    ObjectNode o = StateView.JSON.createObjectNode().put("maxDeviation", Glicko2.PROVISIONAL_DEVIATION);
    ArrayNode list = o.putArray("levels");
    for (org.jacquet.ai.Level level : org.jacquet.server.game.GameService.RATED_LEVELS) {
      ObjectNode l = list.addObject().put("level", level.key());
      ObjectNode pools = l.putObject("ratings");
      for (Ratings.Category c : Ratings.Category.values()) {
        Glicko2.Rating r = board.rating(Player.computer(level).id(), c, now).map(Ratings.Stored::rating).orElse(Glicko2.START);
        int games = board.rating(Player.computer(level).id(), c, now).map(Ratings.Stored::games).orElse(0);
        pools.putObject(c.key).put("rating", Math.round(r.rating())).put("deviation", Math.round(r.deviation()))
            .put("provisional", r.provisional()).put("games", games);
      }
    }
    ctx.result(o.toString());
  }

  private void leaderboard(Context ctx) {
    String key = ctx.queryParam("category") == null ? "untimed" : ctx.queryParam("category");
    Ratings.Category c = Ratings.Category.parse(key).orElseThrow(() -> JsonBody.badField("category",
        JsonBody.Expected.ONE_OF, "timed, untimed, correspondence"));
    ObjectNode o = StateView.JSON.createObjectNode().put("category", c.key)
        .put("maxDeviation", Glicko2.PROVISIONAL_DEVIATION);
    ArrayNode rows = o.putArray("players");
    long now = System.currentTimeMillis();
    for (Leaderboard.Row r : board.top(c, 50, now)) {
      ObjectNode row = rows.addObject().put("name", r.name()).put("rating", Math.round(r.rating()))
          .put("deviation", Math.round(r.deviation())).put("games", r.games());
      if (r.computer() != null) row.put("computer", r.computer()); // a level of the computer, marked as such
    }
    accounts.player(ctx.cookie(Identities.SESSION_COOKIE)).ifPresent(p -> board.rank(p.id(), c, now)
        .ifPresent(n -> o.put("myRank", n)));
    ctx.result(o.toString());
  }
}
