package org.jacquet.cli;

import java.util.concurrent.Callable;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.tournament.Arena;
import org.jacquet.server.tournament.Arenas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jacquet arena create}: the host schedules an arena tournament in the web app's database;
 * the servers list it on the home page and pair it when its time comes.
 */
@Command(name = "arena", mixinStandardHelpOptions = true,
    description = "Arena tournaments of the web app: a time window in which joined players are paired as soon as two are free.",
    subcommands = {ArenaCommand.Create.class})
final class ArenaCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  @Command(name = "create", mixinStandardHelpOptions = true,
      description = "Schedules an arena in the web app's database (SQLite or PostgreSQL), listed on the home page unless --private.")
  static final class Create implements Callable<Integer> {
    @Option(names = "--name", required = true, paramLabel = "TEXT", description = "Its name (1 to 60 characters).")
    String name;

    @Option(names = "--start", paramLabel = "WHEN", defaultValue = "now",
        description = "When it starts: now, or a date and time with its offset, e.g. 2026-12-04T19:00:00+01:00 (default: now).")
    String start;

    @Option(names = "--minutes", paramLabel = "N", defaultValue = "60", description = "How long it lasts, 5 to 1440 minutes (default: 60).")
    int minutes;

    @Option(names = "--time", paramLabel = "D+R", defaultValue = "8+30", description = "Its live time control, e.g. 8+30 or 12+60 (default: 8+30).")
    String time;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "modern", description = "Its rules preset (default: modern).")
    String rules;

    @Option(names = "--match", paramLabel = "N", defaultValue = "1", description = "The match length of its games, 1 to 7 points (default: 1).")
    int match;

    @Option(names = "--private", description = "Left off the home page's list: reached by its link only.")
    boolean unlisted;

    @Mixin DatabaseOptions database;
    @Mixin LangOption lang;

    @Override
    public Integer call() {
      DatabaseOptions.Choice choice = database.choose();
      long now = System.currentTimeMillis();
      Arena a;
      Database db;
      try {
        db = choice.open();
      } catch (RuntimeException e) {
        throw DatabaseOptions.failure(e);
      }
      try {
        a = Arenas.create(db, new Arenas.Request(name, Arenas.parseStart(start, now), minutes, time, rules, match, !unlisted),
            null, now);
      } catch (Refusal r) { // bad input: said as the server says it, nothing stored
        throw new IllegalArgumentException(r.getMessage());
      } finally {
        db.close();
      }
      System.out.println("Arena " + a.id() + " \"" + a.name() + "\": " + a.rules() + ", " + a.time() + ", match to " + a.matchLength()
          + ", from " + java.time.Instant.ofEpochMilli(a.startsAt()) + " to " + java.time.Instant.ofEpochMilli(a.endsAt())
          + (a.listed() ? "" : " (private)") + "; its page: /tournament.html#a=" + a.id());
      return 0;
    }
  }
}
