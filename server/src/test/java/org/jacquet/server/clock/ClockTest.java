package org.jacquet.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.Side;
import org.junit.jupiter.api.Test;

class ClockTest {
  private static final TimeControl TWELVE_PLUS_MINUTE = new TimeControl(12, 60);
  private static final long T0 = 1_700_000_000_000L;

  @Test
  void aMoveWithinItsDelayCostsNothing() {
    Clock c = Clock.start(TWELVE_PLUS_MINUTE, 3).next(Side.WHITE, T0);
    assertThat(c.remaining(Side.WHITE, T0 + 12_000)).isEqualTo(180_000);
    assertThat(c.delayLeft(T0 + 5_000)).isEqualTo(7_000);
    Clock after = c.next(Side.BLACK, T0 + 11_999);
    assertThat(after.reserve(Side.WHITE)).isEqualTo(180_000);
    assertThat(after.running()).isEqualTo(Side.BLACK);
    assertThat(after.since()).isEqualTo(T0 + 11_999);
  }

  @Test
  void pastTheDelayTheMoverPaysFromItsReserveAndTheOtherSideIsUntouched() {
    Clock c = Clock.start(TWELVE_PLUS_MINUTE, 1).next(Side.WHITE, T0);
    assertThat(c.remaining(Side.WHITE, T0 + 20_000)).isEqualTo(52_000);
    assertThat(c.remaining(Side.BLACK, T0 + 20_000)).isEqualTo(60_000);
    Clock after = c.next(Side.BLACK, T0 + 20_000);
    assertThat(after.reserve(Side.WHITE)).isEqualTo(52_000);
    assertThat(after.remaining(Side.BLACK, T0 + 30_000)).isEqualTo(60_000);
    assertThat(after.remaining(Side.BLACK, T0 + 40_000)).isEqualTo(52_000);
  }

  @Test
  void theLastMillisecondBelongsToThePlayerAndTheFlagFallsTheNext() {
    Clock c = Clock.start(TWELVE_PLUS_MINUTE, 1).next(Side.BLACK, T0);
    long last = T0 + 12_000 + 60_000;
    assertThat(c.outOfTime(last)).isFalse();
    assertThat(c.remaining(Side.BLACK, last)).isZero();
    assertThat(c.outOfTime(last + 1)).isTrue();
    assertThat(c.flagAt()).isEqualTo(last + 1);
    assertThat(c.next(Side.WHITE, last).reserve(Side.BLACK)).isZero();
  }

  @Test
  void theSameSideGoingOnKeepsOneMoveAndOneDelay() {
    Clock c = Clock.start(TWELVE_PLUS_MINUTE, 1).next(Side.WHITE, T0);
    assertThat(c.next(Side.WHITE, T0 + 30_000)).isSameAs(c);
  }

  @Test
  void aStoppedClockNeverFallsAndKeepsWhatWasLeft() {
    Clock c = Clock.start(TWELVE_PLUS_MINUTE, 1).next(Side.WHITE, T0).stop(T0 + 22_000);
    assertThat(c.running()).isNull();
    assertThat(c.reserve(Side.WHITE)).isEqualTo(50_000);
    assertThat(c.outOfTime(Long.MAX_VALUE - 1)).isFalse();
    assertThat(c.flagAt()).isEqualTo(Long.MAX_VALUE);
    assertThat(c.delayLeft(T0)).isZero();
  }

  @Test
  void anUntimedGameHasNoClock() {
    assertThatThrownBy(() -> Clock.start(TimeControl.UNTIMED, 1)).hasMessageContaining("untimed");
    assertThatThrownBy(() -> new Clock(TWELVE_PLUS_MINUTE, -1, 0, null, 0)).hasMessageContaining("negative");
  }
}
