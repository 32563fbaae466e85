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
}
