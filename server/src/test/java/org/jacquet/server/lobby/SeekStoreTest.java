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
      anAddressHasAtMostSoManyWaitingPostedAtOnce(new SeekStore(db), new SeekStore(db));
    } finally {
      db.close();
    }
  }

  @Test
  void onPostgres() throws Exception {
    try (Postgres postgres = Postgres.fresh()) {
      Database db = Database.url(postgres.jdbcUrl(), null, null);
      // A second server process's own connections to the same database.
      Database other = Database.url(postgres.jdbcUrl(), null, null);
      try {
        everything(db);
        anAddressHasAtMostSoManyWaitingPostedAtOnce(new SeekStore(db), new SeekStore(other));
      } finally {
        other.close();
        db.close();
      }
    }
  }

  /**
   * Seventeen guests of one address post three seeks each, all at once, half through each of two
   * stores (two processes' connections on PostgreSQL): exactly the address's allowance is stored,
   * each refusal says why, and another address still posts.
   */
  private void anAddressHasAtMostSoManyWaitingPostedAtOnce(SeekStore here, SeekStore there) throws Exception {
    int max = 8;
    ExecutorService pool = Executors.newFixedThreadPool(17);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<SeekStore.Insertion>> posts = new ArrayList<>();
    for (int g = 0; g < 17; g++) {
      Player guest = new Player("g:crowd" + g, "Crowd" + g);
      SeekStore via = g % 2 == 0 ? here : there;
      posts.add(pool.submit(() -> {
        go.await();
        SeekStore.Insertion last = null;
        for (int i = 0; i < 3; i++) {
          SeekStore.Insertion r = via.insert(open(guest.id() + "-" + i, guest), "h", "10.9.9.1", 3, max);
          if (r != SeekStore.Insertion.STORED) return r;
          last = r;
        }
        return last;
      }));
    }
    go.countDown();
    for (Future<SeekStore.Insertion> f : posts) {
      assertThat(f.get()).isIn(SeekStore.Insertion.STORED, SeekStore.Insertion.ADDRESS_FULL);
    }
    pool.shutdown();
    assertThat(here.waiting(NOW)).as("seeks waiting from one address").hasSize(max);
    assertThat(here.waitingFrom("10.9.9.1")).isEqualTo(max);
    assertThat(there.insert(open("newcomer", BOB), "h", "10.9.9.2", 3, max)).isEqualTo(SeekStore.Insertion.STORED);
    assertThat(here.insert(open("more", ANN), "h", "10.9.9.1", 3, max)).isEqualTo(SeekStore.Insertion.ADDRESS_FULL);
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

  /** Whether {@code store} stored {@code s} (its address none: counted for its poster alone). */
  private static boolean stored(SeekStore store, Seek s, String tokenHash, int maxOfPlayer) {
    return store.insert(s, tokenHash, null, maxOfPlayer, 99) == SeekStore.Insertion.STORED;
  }

  private void storedAndListed(SeekStore store) {
    Seek s = open("s1", ANN);
    assertThat(stored(store, s, "hash1", 3)).isTrue();
    assertThat(store.waiting(NOW)).containsExactly(s);
    assertThat(store.tokenHash("s1")).contains("hash1");
    assertThat(store.withdraw("s1", ANN.id())).isTrue();
    assertThat(store.waiting(NOW)).isEmpty();
  }

  private void aPosterHasAtMostSoManyWaiting(SeekStore store) {
    assertThat(stored(store, open("a1", ANN), "h", 2)).isTrue();
    assertThat(stored(store, open("a2", ANN), "h", 2)).isTrue();
    assertThat(stored(store, open("a3", ANN), "h", 2)).as("a third while two wait").isFalse();
    assertThat(stored(store, pool("a4", ANN), "h", 1)).as("pool places are counted apart").isTrue();
    assertThat(stored(store, pool("a5", ANN), "h", 1)).isFalse();
    assertThat(store.waiting(NOW)).extracting(Seek::id).containsExactly("a1", "a2", "a4");
    assertThat(store.withdrawAll(ANN.id())).isEqualTo(3);
  }

  private void takenOnceWhenManyTakeAtOnce(SeekStore store, Database db) throws Exception {
    stored(store, open("race", ANN), "h", 3);
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
    stored(store, pool("p1", ANN), "h", 1);
    stored(store, pool("p2", BOB), "h", 1);
    AtomicInteger games = new AtomicInteger();
    assertThat(store.pair("p1", "p2", "G1", NOW, h -> games.incrementAndGet())).isTrue();
    assertThat(store.taken("p1").orElseThrow().taker()).isEqualTo(BOB.id());
    assertThat(store.taken("p2").orElseThrow().taker()).isEqualTo(ANN.id());
    Player cy = new Player("g:cy", "Cy");
    stored(store, pool("p3", cy), "h", 1);
    assertThat(store.pair("p3", "p1", "G2", NOW, h -> games.incrementAndGet())).as("p1 is taken").isFalse();
    assertThat(games.get()).isEqualTo(1);
    assertThat(store.waiting(NOW)).extracting(Seek::id).as("p3's mark rolled back").containsExactly("p3");
    store.withdrawAll(cy.id());
    store.purge(NOW + SeekStore.TAKEN_KEPT_MILLIS);
  }

  private void withdrawnOnlyByItsPlayers(SeekStore store) {
    Seek direct = new Seek("d1", Seek.Kind.DIRECT, ANN, BOB, "modern", 1, TimeControl.UNTIMED, Seek.Colour.WHITE, false,
        NOW, NOW + 1000);
    stored(store, direct, "h", 3);
    assertThat(store.find("d1")).contains(direct);
    assertThat(store.withdraw("d1", "g:someone")).isFalse();
    assertThat(store.withdraw("d1", BOB.id())).as("declined by its target").isTrue();
  }

  private void expiredAreNotListedThenPurged(SeekStore store) {
    stored(store, open("old", ANN), "h", 3);
    store.renew(List.of(ANN.id()), NOW + 500_000);
    assertThat(store.waiting(NOW + 400_000)).extracting(Seek::id).containsExactly("old");
    assertThat(store.waiting(NOW + 500_000)).isEmpty();
    assertThat(store.purge(NOW + 500_000)).isEqualTo(1);
  }
}
