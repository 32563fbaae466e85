package org.jacquet.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jacquet.server.store.Database;
import org.jacquet.server.game.GameService;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.game.LobbyGames;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;
import org.jacquet.server.identity.Pseudonyms;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How long a seek lives (its poster's presence, the grace, the lifetime), on a real store, with the lobby's clock in hand. */
class LobbyUpkeepTest {
  @TempDir Path dir;
  Database db;
  GameService service;
  Lobby lobby;
  final AtomicLong now = new AtomicLong(1_000_000_000L);
  final Player ann = new Player("g:ann", "Ann");
  final Player bob = new Player("g:bob", "Bob");

  /** A lobby socket that keeps what it is sent. */
  record Socket(Player player, List<String> got) implements Lobby.Listener {
    Socket(Player player) {
      this(player, new ArrayList<>());
    }

    @Override
    public void send(String json) {
      got.add(json);
    }
  }

  @BeforeEach
  void open() {
    db = Database.sqlite(dir);
    service = new GameService(new GameStore(db), 10);
    lobby = new Lobby(new SeekStore(db), new Pseudonyms(db, name -> false), new LobbyGames(service), message -> { }, now::get);
  }

  @AfterEach
  void close() {
    service.close();
    db.close();
  }

  String post(Player p) {
    return lobby.post(p, null, Seek.Kind.OPEN, null, "modern", 1, TimeControl.UNTIMED, Seek.Colour.RANDOM, false).seek().id();
  }

  @Test
  void aSeekGoesTheGraceAfterItsPosterLeftUnlessItCameBack() {
    Socket first = new Socket(ann);
    lobby.join(first);
    String seek = post(ann);
    lobby.leave(first);
    now.addAndGet(Lobby.LEAVE_GRACE_MILLIS - 1);
    lobby.upkeep();
    assertThat(lobby.seeks().waiting(now.get())).extracting(Seek::id).containsExactly(seek);
    Socket back = new Socket(ann);
    lobby.join(back); // a reload: back within the grace
    now.addAndGet(Lobby.LEAVE_GRACE_MILLIS);
    lobby.upkeep();
    assertThat(lobby.seeks().waiting(now.get())).as("kept: Ann came back").hasSize(1);
    lobby.leave(back);
    now.addAndGet(Lobby.LEAVE_GRACE_MILLIS);
    lobby.upkeep();
    assertThat(lobby.seeks().waiting(now.get())).as("withdrawn: Ann left for good").isEmpty();
  }

  @Test
  void aSeekWhoseServerStoppedRenewingItExpires() {
    Socket s = new Socket(ann);
    lobby.join(s);
    post(ann);
    for (int i = 0; i < 10; i++) { // renewed while Ann is here, long past one lifetime
      now.addAndGet(Lobby.RENEW_MILLIS);
      lobby.upkeep();
    }
    assertThat(lobby.seeks().waiting(now.get())).hasSize(1);
    // Another process (here: a lobby that does not hold Ann's socket) sees it expire a lifetime after the last renewal.
    Lobby other = new Lobby(lobby.seeks(), new Pseudonyms(db, name -> false), null, m -> { }, now::get);
    now.addAndGet(Lobby.LIFETIME_MILLIS);
    other.upkeep();
    assertThat(other.seeks().waiting(now.get())).isEmpty();
  }

  @Test
  void thePosterIsToldOfItsGameNowAndOnItsNextHello() {
    Socket annSocket = new Socket(ann);
    lobby.join(annSocket);
    String seek = post(ann);
    Lobby.Joined joined = lobby.accept(seek, bob);
    assertThat(annSocket.got()).singleElement().asString().contains("\"type\":\"start\"").contains(joined.gameId())
        .contains("\"side\":\"" + joined.side().opponent().key() + "\"");
    Socket reloaded = new Socket(ann);
    lobby.join(reloaded);
    assertThat(reloaded.got()).as("told again on reconnecting").singleElement().asString().contains(joined.gameId());
    now.addAndGet(SeekStore.TAKEN_KEPT_MILLIS);
    Socket later = new Socket(ann);
    lobby.join(later);
    assertThat(later.got()).as("a minute later it is old news").isEmpty();
  }
}
