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

  /** SHA-256 of the networks shipped until issue 32's (commit dbbab8a), kept as expert-v2. */
  private static final java.util.Map<String, String> SECOND_VERSION = java.util.Map.of(
      "advanced", "2b2a5842ca53a99b6fa6f14a856f146a72ebc15178c83a5fb8dfda2dd920ab46",
      "modern", "e46b0422ece82caf4f39c11da502618afff090202fe7d042c9b017543a513edc",
      "moultezim", "39ed8fc193879a6ae18593e83d965143591797599e2e6d907b3fd9b6bc4f0a55",
      "original", "b2d0a1e54207f19d0dcb9e61ebf96d4551478e4728d4f5266b3b2d85a5e73d0e",
      "spanish", "14e2a6edf5c3476ea31e0f5c1ec971df2d77c1535d1ffafaa4aa48ed8e8df2a9",
      "versailles", "e54e8a32ea816f33570778f0674d9ac3156163136b44e9627e65cfa14c52a38e");

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles", "modern+scoring=spanish"})
  void theSecondVersionsNetworksAreTheOnesShippedBeforeTheLargerOnesAndExpertV2PlaysThem(String text) throws Exception {
    Rules rules = Rules.parse(text);
    String preset = Nets.presetFor(rules);
    byte[] bytes;
    try (java.io.InputStream in = Nets.class.getResourceAsStream("/org/jacquet/ai/nets/v2/" + preset + ".jqnn")) {
      bytes = in.readAllBytes();
    }
    String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    assertThat(sha).isEqualTo(SECOND_VERSION.get(preset));
    NeuralNet second = Nets.secondVersion(rules);
    assertThat(second.hiddenUnits()).isEqualTo(64);
    assertThat(second.rules()).isEqualTo(NeuralNet.read(bytes).rules());
    // expert-v2 evaluates with exactly that network (the shipped one too, until larger ones ship).
    java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
    second.write(written);
    assertThat(written.toByteArray()).isEqualTo(bytes);
    Evaluator v2 = org.jacquet.ai.Level.EXPERT_V2.evaluator(rules);
    Evaluator direct = new RaceAwareEvaluator(new NetEvaluator(rules, NeuralNet.read(bytes)));
    float[] a = new float[v2.size()];
    float[] b = new float[v2.size()];
    org.jacquet.engine.Position p = org.jacquet.engine.Position.start(org.jacquet.engine.Side.WHITE);
    v2.evaluate(p, a);
    direct.evaluate(p, b);
    assertThat(a).isEqualTo(b);
    assertThat(org.jacquet.ai.Level.parse("expert-v2")).isEqualTo(org.jacquet.ai.Level.EXPERT_V2);
    assertThat(org.jacquet.ai.Level.EXPERT_V2.displayName(java.util.Locale.FRENCH)).isEqualTo("Expert (deuxième version)");
  }
}
