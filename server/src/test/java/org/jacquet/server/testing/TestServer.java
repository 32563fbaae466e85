package org.jacquet.server.testing;

import java.nio.file.Path;
import org.jacquet.server.WebServer;
import org.jacquet.server.game.GameService;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;

/** A real server on a free loopback port, on a given database (closed with it, as a real stop does). */
public final class TestServer implements AutoCloseable {
  final Database db;
  public final GameService games;
  public final WebServer web;

  public TestServer(Database db, long computerDelay) {
    this(db, computerDelay, WebServer.Options.defaults());
  }

  public TestServer(Database db, long computerDelay, WebServer.Options options) {
    this(db, computerDelay, options, org.jacquet.server.clock.ServerTime.system());
  }

  /** A server whose games are timed by {@code time} (a test moves it on by days). */
  public TestServer(Database db, long computerDelay, WebServer.Options options, org.jacquet.server.clock.ServerTime time) {
    this.db = db;
    this.games = new GameService(new GameStore(db), computerDelay, time);
    this.web = new WebServer(games, db, options).start("127.0.0.1", 0);
    games.resumeAll();
  }

  public static TestServer sqlite(Path dir, long computerDelay) {
    return new TestServer(Database.sqlite(dir), computerDelay);
  }

  public static TestServer sqlite(Path dir, long computerDelay, Limits limits) {
    return new TestServer(Database.sqlite(dir), computerDelay, new WebServer.Options(limits, java.util.List.of(), false));
  }

  public int port() {
    return web.port();
  }

  /** The version game {@code id} has stored now (every action stored so far is in it). */
  public int version(String id) {
    return games.read(id, r -> r.version);
  }

  /** The server's database (a test sets up what only many games would make, e.g. an established rating). */
  public Database database() {
    return db;
  }

  public String url(String path) {
    return "http://127.0.0.1:" + web.port() + path;
  }

  @Override
  public void close() {
    web.close();
    games.close();
    db.close();
  }
}
