package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NetsTest {

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles"})
  void theFirstVersionsNetworksStayLoadableBesideTheShippedOnes(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet first = Nets.firstVersion(rules);
    assertThat(first.rules()).isEqualTo(preset);
    assertThat(first.gamesTrained()).isEqualTo(100_000);
    assertThat(first.hiddenUnits()).isEqualTo(64);
    assertThat(Nets.forRules(rules).gamesTrained()).isGreaterThanOrEqualTo(first.gamesTrained());
  }

  @org.junit.jupiter.api.Test
  void spanishScoringHasANetworkOfItsOwnLayoutAndTheFirstVersionItsSimpleOne() {
    Rules spanish = Rules.parse("modern+scoring=spanish");
    assertThat(Nets.presetFor(spanish)).isEqualTo("spanish");
    assertThat(Nets.forRules(spanish).outputs()).isEqualTo(Outcomes.size(spanish)).isEqualTo(89);
    assertThat(Nets.presetFor(Rules.parse("original+scoring=spanish"))).isEqualTo("spanish");
    assertThat(Nets.firstVersion(spanish).outputs()).isEqualTo(3);
    float[] out = new float[89];
    org.jacquet.ai.Level.EXPERT_V1.evaluator(spanish).evaluate(org.jacquet.engine.Position.start(org.jacquet.engine.Side.WHITE), out);
    assertThat(out[0]).isBetween(0.4f, 0.8f);
    for (int k = 2; k <= 45; k++) assertThat(out[k - 1]).isLessThanOrEqualTo(k == 2 ? out[0] : out[k - 2]);
  }
}
