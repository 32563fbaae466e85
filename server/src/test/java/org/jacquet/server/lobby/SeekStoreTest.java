package org.jacquet.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.server.testing.Postgres;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jacquet.server.store.Database;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seeks as stored, on SQLite and on PostgreSQL: the V5 migration runs on both, and a seek is taken once. */
class SeekStoreTest {
  @TempDir Path dir;
  static final long NOW = 1_000_000_000L;
  static final Player ANN = new Player("g:ann", "Ann");
  static final Player BOB = new Player("g:bob", "Bob");

  static Seek open(String id, Player poster) {
    return new Seek(id, Seek.Kind.OPEN, poster, null, "modern", 3, TimeControl.parse("12+60"), Seek.Colour.RANDOM, false,
        NOW, NOW + 120_000);
  }

  static Seek pool(String id, Player poster) {
    return new Seek(id, Seek.Kind.POOL, poster, null, "modern", 3, TimeControl.parse("12+60"), Seek.Colour.RANDOM, false,
        NOW, NOW + 120_000);
  }

  @Test
  void onSqlite() throws Exception {
    Database db = Database.sqlite(dir);
    try {
      everything(db);
    } finally {
      db.close();
    }
  }

  @Test
  void onPostgres() throws Exception {
    try (Postgres postgres = Postgres.fresh()) {
      Database db = Database.url(postgres.jdbcUrl(), null, null);
      try {
        everything(db);
      } finally {
        db.close();
      }
    }
  }

  private void everything(Database db) throws Exception {
    SeekStore store = new SeekStore(db);
    storedAndListed(store);
    aPosterHasAtMostSoManyWaiting(store);
    takenOnceWhenManyTakeAtOnce(store, db);
    pairedOnlyWhenBothStillWait(store, db);
    withdrawnOnlyByItsPlayers(store);
    expiredAreNotListedThenPurged(store);
  }

  private void storedAndListed(SeekStore store) {
    Seek s = open("s1", ANN);
    assertThat(store.insert(s, "hash1", 3)).isTrue();
    assertThat(store.waiting(NOW)).containsExactly(s);
    assertThat(store.tokenHash("s1")).contains("hash1");
    assertThat(store.withdraw("s1", ANN.id())).isTrue();
    assertThat(store.waiting(NOW)).isEmpty();
  }

  private void aPosterHasAtMostSoManyWaiting(SeekStore store) {
    assertThat(store.insert(open("a1", ANN), "h", 2)).isTrue();
    assertThat(store.insert(open("a2", ANN), "h", 2)).isTrue();
    assertThat(store.insert(open("a3", ANN), "h", 2)).as("a third while two wait").isFalse();
    assertThat(store.insert(pool("a4", ANN), "h", 1)).as("pool places are counted apart").isTrue();
    assertThat(store.insert(pool("a5", ANN), "h", 1)).isFalse();
    assertThat(store.waiting(NOW)).extracting(Seek::id).containsExactly("a1", "a2", "a4");
    assertThat(store.withdrawAll(ANN.id())).isEqualTo(3);
  }

  private void takenOnceWhenManyTakeAtOnce(SeekStore store, Database db) throws Exception {
    store.insert(open("race", ANN), "h", 3);
    int takers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(takers);
    CountDownLatch go = new CountDownLatch(1);
    AtomicInteger games = new AtomicInteger();
    List<Future<Boolean>> results = new ArrayList<>();
    for (int i = 0; i < takers; i++) {
      String taker = "g:t" + i;
      results.add(pool.submit(() -> {
        go.await();
        return store.take("race", taker, "game-" + taker, NOW, h -> games.incrementAndGet());
      }));
    }
    go.countDown();
    int won = 0;
    for (Future<Boolean> f : results) if (f.get()) won++;
    pool.shutdown();
    assertThat(won).isEqualTo(1);
    assertThat(games.get()).as("games made").isEqualTo(1);
    SeekStore.Taken t = store.taken("race").orElseThrow();
    assertThat(t.gameId()).isEqualTo("game-" + t.taker());
    assertThat(store.waiting(NOW)).isEmpty();
    assertThat(store.takenFrom(ANN.id(), NOW)).extracting(SeekStore.Taken::gameId).containsExactly(t.gameId());
    assertThat(store.withdraw("race", ANN.id())).as("a taken seek cannot be withdrawn").isFalse();
    assertThat(store.purge(NOW + SeekStore.TAKEN_KEPT_MILLIS)).isEqualTo(1);
  }

  private void pairedOnlyWhenBothStillWait(SeekStore store, Database db) {
    store.insert(pool("p1", ANN), "h", 1);
    store.insert(pool("p2", BOB), "h", 1);
    AtomicInteger games = new AtomicInteger();
    assertThat(store.pair("p1", "p2", "G1", NOW, h -> games.incrementAndGet())).isTrue();
    assertThat(store.taken("p1").orElseThrow().taker()).isEqualTo(BOB.id());
    assertThat(store.taken("p2").orElseThrow().taker()).isEqualTo(ANN.id());
    Player cy = new Player("g:cy", "Cy");
    store.insert(pool("p3", cy), "h", 1);
    assertThat(store.pair("p3", "p1", "G2", NOW, h -> games.incrementAndGet())).as("p1 is taken").isFalse();
    assertThat(games.get()).isEqualTo(1);
    assertThat(store.waiting(NOW)).extracting(Seek::id).as("p3's mark rolled back").containsExactly("p3");
    store.withdrawAll(cy.id());
    store.purge(NOW + SeekStore.TAKEN_KEPT_MILLIS);
  }

  private void withdrawnOnlyByItsPlayers(SeekStore store) {
    Seek direct = new Seek("d1", Seek.Kind.DIRECT, ANN, BOB, "modern", 1, TimeControl.UNTIMED, Seek.Colour.WHITE, false,
        NOW, NOW + 1000);
    store.insert(direct, "h", 3);
    assertThat(store.find("d1")).contains(direct);
    assertThat(store.withdraw("d1", "g:someone")).isFalse();
    assertThat(store.withdraw("d1", BOB.id())).as("declined by its target").isTrue();
  }

  private void expiredAreNotListedThenPurged(SeekStore store) {
    store.insert(open("old", ANN), "h", 3);
    store.renew(List.of(ANN.id()), NOW + 500_000);
    assertThat(store.waiting(NOW + 400_000)).extracting(Seek::id).containsExactly("old");
    assertThat(store.waiting(NOW + 500_000)).isEmpty();
    assertThat(store.purge(NOW + 500_000)).isEqualTo(1);
  }
}
