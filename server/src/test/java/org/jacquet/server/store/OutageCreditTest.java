package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.jacquet.engine.Side;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server down is no player's time: after a clean stop or a crash, the process that starts when
 * none other is up gives the running clocks back the outage — an 11-minute one does not flag the
 * player to move — and a process starting beside one that is up gives nothing.
 */
class OutageCreditTest {
  @TempDir Path dir;

  @Test
  void theOutageIsGivenBackToTheRunningClockAfterAStopOrACrash() {
    ServerTime time = ServerTime.movable();
    String id;
    String white = Tokens.token();
    String black = Tokens.token();
    Side running;
    long before;
    try (Database db = Database.sqlite(dir); GameService games = new GameService(new GameStore(db), 0, time);
        Uptime up = new Uptime(db, time)) {
      assertThat(up.start()).isZero(); // the first start: nothing to give back
      GameStore.Row row = games.seated("modern", 1, TimeControl.parse("8+30"), false, new Player("g:w", "Wendy"),
          new Player("g:b", "Boris"), Tokens.sha256(white), Tokens.sha256(black));
      games.store().insert(row);
      id = row.id();
      // The opening throw starts the clock (a tie, one time in six, is thrown again); the opening
      // choice, where the rules give one, is its winner's: the clock runs for them then.
      while (games.read(id, r -> r.clock().running()) == null) {
        games.act(id, Tokens.sha256(white), new GameService.Action.Roll(), "test");
      }
      running = games.read(id, r -> r.clock().running());
      assertThat(running).isNotNull();
      time.advance(Duration.ofSeconds(10)); // 8 s free, then 2 s of the 30 s reserve
      before = games.read(id, r -> r.clock().remaining(running, time.now()));
      assertThat(before).isBetween(27_000L, 28_500L);
    } // a clean stop: when it stopped is stored

    time.advance(Duration.ofMinutes(11)); // far past the reserve: without the credit, a flag
    try (Database db = Database.sqlite(dir); GameService games = new GameService(new GameStore(db), 0, time);
        Uptime up = new Uptime(db, time)) {
      assertThat(up.start()).isBetween(Duration.ofMinutes(11).toMillis(), Duration.ofMinutes(11).toMillis() + 2_000);
      games.resumeAll();
      long after = games.read(id, r -> r.clock().remaining(running, time.now()));
      assertThat(after).isBetween(before - 2_000, before);
      boolean over = games.read(id, r -> r.match.game().isOver());
      assertThat(over).isFalse();
      assertThat(games.read(id, r -> StateView.of(r, Side.WHITE, s -> true)).get("outageCredit").asLong())
          .isGreaterThanOrEqualTo(Duration.ofMinutes(11).toMillis());

      // A second process starting beside this one, which is up, gives nothing more.
      try (Uptime second = new Uptime(db, time)) {
        assertThat(second.start()).isZero();
      }
      up.crashForTests(); // no stop written: its last beat says when it died
    }
    time.advance(Duration.ofMinutes(2));
    try (Database db = Database.sqlite(dir); GameService games = new GameService(new GameStore(db), 0, time);
        Uptime up = new Uptime(db, time)) {
      assertThat(up.start()).isBetween(Duration.ofMinutes(2).toMillis(), Duration.ofMinutes(2).toMillis() + Uptime.ALIVE_MILLIS);
      Clock clock = games.read(id, r -> r.clock());
      assertThat(clock.outOfTime(time.now())).isFalse();
    }
  }
}
