package org.jacquet.server;

import java.nio.file.Path;

/** A real server on a free loopback port, on a given database (closed with it, as a real stop does). */
final class TestServer implements AutoCloseable {
  final Database db;
  final GameService games;
  final WebServer web;

  TestServer(Database db, long computerDelay) {
    this(db, computerDelay, WebServer.Options.defaults());
  }

  TestServer(Database db, long computerDelay, WebServer.Options options) {
    this.db = db;
    this.games = new GameService(new GameStore(db), computerDelay);
    this.web = new WebServer(games, db, options).start("127.0.0.1", 0);
    games.resumeAll();
  }

  static TestServer sqlite(Path dir, long computerDelay) {
    return new TestServer(Database.sqlite(dir), computerDelay);
  }

  static TestServer sqlite(Path dir, long computerDelay, Limits limits) {
    return new TestServer(Database.sqlite(dir), computerDelay, new WebServer.Options(limits, java.util.List.of(), false));
  }

  int port() {
    return web.port();
  }

  String url(String path) {
    return "http://127.0.0.1:" + web.port() + path;
  }

  @Override
  public void close() {
    web.close();
    games.close();
    db.close();
  }
}
