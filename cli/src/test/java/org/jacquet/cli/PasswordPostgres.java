package org.jacquet.cli;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.Statement;

/**
 * A real PostgreSQL where the role {@value #USER} must give its password (SCRAM over TCP), as on
 * a host; the superuser the harness uses stays trusted. A wrong or missing password is refused.
 */
final class PasswordPostgres implements AutoCloseable {
  static final String USER = "jacquet";
  final EmbeddedPostgres pg;

  PasswordPostgres(String password) throws Exception {
    pg = EmbeddedPostgres.builder().setDataDirectoryCustomizer(dir -> {
      try {
        Files.writeString(dir.toPath().resolve("pg_hba.conf"), String.join("\n",
            "local all all trust",
            "host all " + USER + " 127.0.0.1/32 scram-sha-256",
            "host all " + USER + " ::1/128 scram-sha-256",
            "host all all 127.0.0.1/32 trust",
            "host all all ::1/128 trust", ""));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).start();
    try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + password.replace("'", "''") + "'");
      s.execute("CREATE DATABASE " + USER + " OWNER " + USER);
    }
  }

  /** The URL of the role's database: no user, no password in it. */
  String url() {
    return "jdbc:postgresql://localhost:" + pg.getPort() + "/" + USER;
  }

  @Override
  public void close() throws IOException {
    pg.close();
  }
}
