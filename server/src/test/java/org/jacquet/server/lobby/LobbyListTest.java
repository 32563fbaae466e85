package org.jacquet.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;
import org.junit.jupiter.api.Test;

/** Which open challenges the lobby lists when there are more than it shows: fairly, per poster, the newest too. */
class LobbyListTest {
  private static final int MAX = LobbyFeed.MAX_SEEKS_SHOWN;

  private static Seek open(String id, String poster, long at) {
    return new Seek(id, Seek.Kind.OPEN, new Player("g:" + poster, poster), null, "modern", 1, TimeControl.UNTIMED,
        Seek.Colour.RANDOM, false, at, at + 120_000);
  }

  @Test
  void everyPostersFirstChallengeIsListedBeforeAnyonesSecond() {
    List<Seek> open = new ArrayList<>();
    long at = 0;
    // Seventeen early posters with three challenges each (51), then one newcomer.
    for (int i = 0; i < 3; i++) for (int g = 0; g < 17; g++) open.add(open("c" + g + "-" + i, "crowd" + g, at++));
    open.add(open("new", "newcomer", at++));
    List<Seek> listed = LobbyFeed.listed(open, MAX);
    assertThat(listed).hasSize(MAX).extracting(Seek::id).contains("new");
    assertThat(listed).as("oldest first").isSortedAccordingTo(java.util.Comparator.comparingLong(Seek::createdAt));
    assertThat(listed.stream().filter(s -> s.poster().name().equals("crowd0")).count()).isEqualTo(3);
    // The third round is cut: its oldest and its newest listed, crowd8 and crowd9 in the middle left out.
    assertThat(listed.stream().filter(s -> s.poster().name().equals("crowd16")).count()).isEqualTo(3);
    assertThat(listed.stream().filter(s -> s.poster().name().equals("crowd8")).count()).isEqualTo(2);
  }

  @Test
  void pastTheListsLengthInPostersTheOldestAndTheNewestAreListed() {
    List<Seek> open = new ArrayList<>();
    for (int g = 0; g < 80; g++) open.add(open("s" + g, "p" + g, g));
    List<Seek> listed = LobbyFeed.listed(open, MAX);
    assertThat(listed).hasSize(MAX).extracting(Seek::id).contains("s0", "s24", "s55", "s79").doesNotContain("s25", "s54");
    assertThat(LobbyFeed.listed(open.subList(0, MAX), MAX)).as("all, when they fit").isEqualTo(open.subList(0, MAX));
  }
}
