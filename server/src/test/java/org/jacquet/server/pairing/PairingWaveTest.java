package org.jacquet.server.pairing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jacquet.server.pairing.PairingWave.Waiting;
import org.junit.jupiter.api.Test;

class PairingWaveTest {
  private static final long NOW = 1_000_000;

  @Test
  void twoPlayersWaitingForTheSameGameArePaired() {
    var pairs = PairingWave.pair(List.of(new Waiting("a", "12+60", 1500, NOW - 2000), new Waiting("b", "12+60", 1500, NOW)), NOW);
    assertThat(pairs).singleElement().satisfies(p -> {
      assertThat(p.first().id()).isEqualTo("a");
      assertThat(p.second().id()).isEqualTo("b");
    });
  }

  @Test
  void playersWaitingForDifferentGamesAreNotPaired() {
    assertThat(PairingWave.pair(List.of(new Waiting("a", "12+60", 1500, NOW), new Waiting("b", "untimed", 1500, NOW)), NOW)).isEmpty();
  }

  @Test
  void theSamePlayerTwiceIsNotPairedWithItself() {
    assertThat(PairingWave.pair(List.of(new Waiting("a", "p", 1500, NOW), new Waiting("a", "p", 1500, NOW)), NOW)).isEmpty();
  }

  @Test
  void farRatingsArePairedOnlyOnceBothHaveWaitedLongEnough() {
    Waiting strong = new Waiting("s", "p", 1900, NOW);
    Waiting weak = new Waiting("w", "p", 1500, NOW);
    assertThat(PairingWave.pair(List.of(strong, weak), NOW)).as("400 apart at once").isEmpty();
    // 100 + 20 a second: 400 is accepted after 15 s of waiting by both.
    assertThat(PairingWave.pair(List.of(strong, weak), NOW + 14_000)).isEmpty();
    assertThat(PairingWave.pair(List.of(strong, weak), NOW + 15_000)).hasSize(1);
  }

  @Test
  void theRangeStopsWidening() {
    Waiting w = new Waiting("w", "p", 1500, 0);
    assertThat(PairingWave.range(w, 3_600_000)).isEqualTo(PairingWave.MAX_RANGE);
    assertThat(PairingWave.pair(List.of(w, new Waiting("x", "p", 1500 + PairingWave.MAX_RANGE + 1, 0)), 3_600_000)).isEmpty();
  }

  @Test
  void theLongestWaitingTakesTheClosestRatingAndEachPlayerIsInOnePair() {
    var pairs = PairingWave.pair(List.of(new Waiting("old", "p", 1500, NOW - 5000), new Waiting("far", "p", 1580, NOW),
        new Waiting("near", "p", 1510, NOW), new Waiting("late", "p", 1590, NOW + 1)), NOW + 1);
    assertThat(pairs).hasSize(2);
    assertThat(pairs.get(0).second().id()).isEqualTo("near");
    assertThat(pairs.get(1).first().id()).isEqualTo("far");
    assertThat(pairs.get(1).second().id()).isEqualTo("late");
  }
}
