package org.jacquet.ai.train;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class SupervisedTrainerTest {

  @Test
  void trainingTowardSearchedTargetsLowersTheLossOnHeldOutPositions() throws Exception {
    Rules rules = Rules.MODERN;
    List<Sample> samples = new ArrayList<>();
    Sample[] made = new Sample[160];
    SupervisedData.generate(rules, Level.EXPERT_V1, new SupervisedData.Targets(Level.EXPERT_V1, 0, 1), made.length, 3,
        Set.of(), i -> false, 2, (i, s) -> made[i] = s);
    samples.addAll(List.of(made));
    List<Sample> train = samples.subList(0, 120);
    List<Sample> heldOut = samples.subList(120, 160);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Nets.firstVersion(rules).write(bytes);
    NeuralNet net = NeuralNet.read(new ByteArrayInputStream(bytes.toByteArray()));
    SupervisedTrainer trainer = new SupervisedTrainer(rules, net);
    double before = trainer.loss(heldOut);
    for (int epoch = 0; epoch < 3; epoch++) trainer.epoch(train, 0.01, epoch);
    double after = trainer.loss(heldOut);

    assertThat(after).isLessThan(before);
  }

  @Test
  void samplesReadBackAsWritten() {
    Sample s = new Sample(org.jacquet.engine.Position.start(org.jacquet.engine.Side.BLACK), new float[] {0.5f, 0.125f, 0.25f});
    String line = SupervisedData.format(12, s);
    assertThat(line).startsWith("12 ");
    SupervisedData.Line read = SupervisedData.parse(line, 3);
    assertThat(read.index()).isEqualTo(12);
    assertThat(read.sample().position()).isEqualTo(s.position());
    assertThat(read.sample().target()).containsExactly(s.target());
  }
}
