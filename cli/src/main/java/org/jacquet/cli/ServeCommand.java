package org.jacquet.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.server.ServerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet serve}: the web app, on an SQLite file by default or PostgreSQL by URL. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serves the web app: play in the browser against the computer or with friends.")
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "8080", description = "HTTP port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--host", defaultValue = "0.0.0.0", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--data", paramLabel = "DIR", description = "Folder of the SQLite database (default: ~/.jacquet/data).")
  Path data;

  @Option(names = "--db-url", paramLabel = "URL", description = "A database URL instead, e.g. jdbc:postgresql://localhost/jacquet")
  String dbUrl;

  @Option(names = "--db-user") String dbUser;
  @Option(names = "--db-password") String dbPassword;

  @Option(names = "--computer-delay", defaultValue = "700", description = "Pause before each computer action, in ms (default: ${DEFAULT-VALUE}).")
  long computerDelay;

  @Override
  public Integer call() throws Exception {
    ServerMain.run(new ServerMain.Config(host, port, data, dbUrl, dbUser, dbPassword, computerDelay));
    return 0;
  }
}
