package org.jacquet.ai.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.ai.Level;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class NoiseCalibrationTest {
  /**
   * The bracket found is two neighbouring steps of noise whose measured errors straddle the
   * target, each error being what {@code errorAt} measures for that noise.
   */
  @Test
  void findsTheStepOfNoiseWhereTheErrorReachesTheTarget() throws Exception {
    Rules rules = Rules.MODERN;
    SearchReference reference = new SearchReference(rules, Level.WORLD_CLASS, Level.EXPERT_V1, 60, 3, 2);
    NoiseCalibration calibration = new NoiseCalibration(reference, rules, 3, 2);
    double target = 15;
    NoiseCalibration.Result r = calibration.calibrate(Level.INTERMEDIATE, target);

    assertThat(r.aboveMilli()).isEqualTo(r.belowMilli() + 1);
    assertThat(r.below().all().milliPerDecision()).isLessThan(target);
    assertThat(r.above().all().milliPerDecision()).isGreaterThanOrEqualTo(target);
    assertThat(calibration.errorAt(Level.INTERMEDIATE, r.belowMilli()).all().milliPerDecision())
        .as("the same noise replays the same choices")
        .isEqualTo(r.below().all().milliPerDecision());
    assertThat(r.chosenMilli()).isIn(r.belowMilli(), r.aboveMilli());
  }

  /** More noise errs more: the measure the bisection relies on, on the same decisions and draws. */
  @Test
  void moreNoiseErrsMore() throws Exception {
    Rules rules = Rules.ORIGINAL;
    SearchReference reference = new SearchReference(rules, Level.WORLD_CLASS, Level.EXPERT_V1, 60, 4, 2);
    NoiseCalibration calibration = new NoiseCalibration(reference, rules, 4, 2);
    double none = calibration.errorAt(Level.BEGINNER, 0).all().milliPerDecision();
    double some = calibration.errorAt(Level.BEGINNER, 40).all().milliPerDecision();
    double much = calibration.errorAt(Level.BEGINNER, 200).all().milliPerDecision();
    assertThat(none).isLessThan(some);
    assertThat(some).isLessThan(much);
  }

  @Test
  void onlyTheNoisyLevelsHaveANoiseToCalibrate() throws Exception {
    Rules rules = Rules.MODERN;
    SearchReference reference = new SearchReference(rules, Level.WORLD_CLASS, Level.EXPERT_V1, 2, 1, 1);
    NoiseCalibration calibration = new NoiseCalibration(reference, rules, 1, 1);
    assertThatThrownBy(() -> calibration.calibrate(Level.EXPERT, 10)).hasMessageContaining("expert");
  }
}
