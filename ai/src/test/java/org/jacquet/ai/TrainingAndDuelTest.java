package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Locale;
import org.jacquet.ai.duel.Duel;
import org.jacquet.ai.eval.NetInputs;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.train.TdTrainer;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrainingAndDuelTest {

  private static byte[] bytes(NeuralNet net) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    net.write(out);
    return out.toByteArray();
  }

  @Test
  void trainingResumedFromACheckpointEqualsAnUninterruptedRun() throws Exception {
    Rules rules = Rules.MODERN;
    NeuralNet straight = new NeuralNet(rules.toString(), NetInputs.SIZE, 16, Outcomes.size(rules), 5);
    TdTrainer t = new TdTrainer(rules, straight, 0.05, 0.7);
    for (int g = 0; g < 12; g++) t.trainGame(9, g);

    NeuralNet first = new NeuralNet(rules.toString(), NetInputs.SIZE, 16, Outcomes.size(rules), 5);
    TdTrainer t1 = new TdTrainer(rules, first, 0.05, 0.7);
    for (int g = 0; g < 6; g++) t1.trainGame(9, g);
    NeuralNet resumed = NeuralNet.read(new ByteArrayInputStream(bytes(first)));
    TdTrainer t2 = new TdTrainer(rules, resumed, 0.05, 0.7);
    for (long g = resumed.gamesTrained(); g < 12; g++) t2.trainGame(9, g);

    assertThat(resumed.gamesTrained()).isEqualTo(12);
    assertThat(bytes(resumed)).isEqualTo(bytes(straight));
    NeuralNet untrained = new NeuralNet(rules.toString(), NetInputs.SIZE, 16, Outcomes.size(rules), 5);
    assertThat(bytes(straight)).isNotEqualTo(bytes(untrained));
  }

  @Test
  void aDuelReplaysFromItsSeedWhateverTheThreads() throws Exception {
    Rules rules = Rules.MODERN;
    Duel.Result one = Duel.run(rules, s -> Level.HEURISTIC.create(rules, s), s -> Level.RANDOM.create(rules, s), 40, 3, 1, null);
    Duel.Result two = Duel.run(rules, s -> Level.HEURISTIC.create(rules, s), s -> Level.RANDOM.create(rules, s), 40, 3, 2, null);
    assertThat(two.winsA()).isEqualTo(one.winsA());
    assertThat(two.pointsPerGame()).isEqualTo(one.pointsPerGame());
    assertThat(one.games()).isEqualTo(40);
    assertThat(one.winRate()).isGreaterThan(0.75);
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles"})
  void everyLevelPlaysALegalPlayUnderEveryPreset(String preset) {
    Rules rules = Rules.parse(preset);
    Position p = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
    LegalPlays legal = PlayGenerator.legalPlays(rules, p, DiceToPlay.of(Dice.of(4, 2), rules));
    for (Level level : Level.values()) {
      assertThat(legal.plays()).contains(level.create(rules, 1).choose(legal));
    }
  }

  /** Each network's noisy levels err more the lower their name: noise grows from advanced to beginner. */
  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles", "modern+scoring=spanish", "original+scoring=ladder"})
  void theNoisyLevelsAreOrderedUnderEveryRules(String text) {
    Rules rules = Rules.parse(text);
    assertThat(Level.ADVANCED.noise(rules)).isGreaterThan(0);
    assertThat(Level.INTERMEDIATE.noise(rules)).isGreaterThan(Level.ADVANCED.noise(rules));
    assertThat(Level.CASUAL.noise(rules)).isGreaterThan(Level.INTERMEDIATE.noise(rules));
    assertThat(Level.BEGINNER.noise(rules)).isGreaterThan(Level.CASUAL.noise(rules));
    assertThat(Level.EXPERT.noise(rules)).isZero();
    assertThat(Level.WORLD_CLASS.noise(rules)).isZero();
  }

  @Test
  void levelsAreNamedInEnglishAndFrench() {
    assertThat(Level.WORLD_CLASS.displayName(Locale.FRENCH)).isEqualTo("Classe mondiale");
    assertThat(Level.BEGINNER.displayName(Locale.ENGLISH)).isEqualTo("Beginner");
    assertThat(Level.parse("world-class")).isEqualTo(Level.WORLD_CLASS);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Level.parse("god"))
        .hasMessageContaining("unknown level 'god'; valid levels: random, heuristic");
  }
}
