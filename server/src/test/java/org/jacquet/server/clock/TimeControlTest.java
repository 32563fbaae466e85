package org.jacquet.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimeControlTest {
  @Test
  void readsAndWritesOneTextForm() {
    assertThat(TimeControl.parse("12+120")).isEqualTo(new TimeControl(12, 120));
    assertThat(TimeControl.parse("untimed")).isSameAs(TimeControl.UNTIMED);
    for (TimeControl t : TimeControl.PRESETS) assertThat(TimeControl.parse(t.toString())).isEqualTo(t);
  }

  @Test
  void theReserveGrowsWithTheMatchLength() {
    assertThat(new TimeControl(12, 120).reserveMillis(5)).isEqualTo(600_000);
    assertThat(new TimeControl(12, 120).reserveMillis(1)).isEqualTo(120_000);
    assertThat(TimeControl.UNTIMED.timed()).isFalse();
  }

  @Test
  void refusesWhatIsNotATimeControlNamingTheProblem() {
    for (String bad : new String[] {"", "12", "12+", "+12", "-1+60", "12+60 ", "1e3+1", "12+60+1", "UNTIMED"})
      assertThatThrownBy(() -> TimeControl.parse(bad)).as(bad).hasMessageContaining("D+R");
    assertThatThrownBy(() -> TimeControl.parse("61+60")).hasMessageContaining("delay");
    assertThatThrownBy(() -> TimeControl.parse("12+99999")).hasMessageContaining("reserve");
    assertThatThrownBy(() -> TimeControl.parse("12+0")).hasMessageContaining("reserve");
    assertThatThrownBy(() -> TimeControl.parse(null)).hasMessageContaining("untimed");
  }
}
