package org.jacquet.ai.train;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.NetTraining;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * TD(λ) self-play: the network plays both sides greedily at 0-ply, and after each game every
 * position it met is moved toward its λ-return — the mix, weighted by λ, of the evaluations
 * that followed it and of the final result (the offline, forward view of TD(λ)). Each game's
 * dice come from the run's seed and the game's number, so a run resumed from a checkpoint
 * continues exactly as an uninterrupted one.
 */
public final class TdTrainer {
  private final Rules rules;
  private final NeuralNet net;
  private final NetEvaluator evaluator;
  private final NetTraining training;
  private final int size;
  private final float alpha;
  private final float hiddenAlpha;
  private final float lambda;

  public TdTrainer(Rules rules, NeuralNet net, double alpha, double lambda) {
    this(rules, net, alpha, alpha, lambda);
  }

  /**
   * With the hidden layer at its own rate: a layout of many outputs (spanish scoring's 89) sums
   * their errors into each hidden unit's, and at the outputs' rate that swamps what it has learnt.
   */
  public TdTrainer(Rules rules, NeuralNet net, double alpha, double hiddenAlpha, double lambda) {
    this.rules = rules;
    this.net = net;
    this.evaluator = new NetEvaluator(rules, net);
    this.training = new NetTraining(rules, net);
    this.size = Outcomes.size(rules);
    this.alpha = (float) alpha;
    this.hiddenAlpha = (float) hiddenAlpha;
    this.lambda = (float) lambda;
  }

  /** Plays game number {@code game} of a run seeded {@code seed} and learns from it. */
  public void trainGame(long seed, long game) {
    Game g = new Game(rules, new SeededDice(seed * 1_000_003L + game));
    List<Position> states = new ArrayList<>(128);
    float[] mine = new float[size];
    float[] e = new float[size];
    while (!g.isOver()) {
      switch (g.phase()) {
        case OPENING_THROW, ROLL -> g.roll();
        case OPENING_CHOICE -> g.chooseOpening(false);
        case PLAY -> {
          Play best = null;
          double bestEquity = Double.NEGATIVE_INFINITY;
          for (Play p : g.legalPlays().plays()) {
            evaluator.evaluate(p.result(), e);
            double equity = -Outcomes.equity(e, size);
            if (equity > bestEquity) {
              bestEquity = equity;
              best = p;
            }
          }
          g.play(best);
          if (!g.isOver()) states.add(g.position());
        }
        default -> throw new IllegalStateException();
      }
    }
    learn(states, g.result(), g.position());
    net.addGamesTrained(1);
  }

  /** Moves every state toward its λ-return, computed backwards from the final result. */
  private void learn(List<Position> states, GameResult result, Position last) {
    int n = states.size();
    float[][] values = new float[n][size];
    for (int t = 0; t < n; t++) evaluator.evaluate(states.get(t), values[t]);
    float[] target = new float[size];
    float[] next = new float[size];
    // The final result, seen by the side to move in the last state.
    float[] z = new float[size];
    if (n == 0) return;
    int points = result.winner() == states.get(n - 1).turn() ? result.points() : -result.points();
    Outcomes.certain(points, z, size);
    System.arraycopy(z, 0, target, 0, size);
    float[] flipped = new float[size];
    for (int t = n - 1; t >= 0; t--) {
      if (t < n - 1) {
        // target holds G(t+1) in the view of state t+1's side to move; mix with V(t+1).
        for (int k = 0; k < size; k++) next[k] = (1 - lambda) * values[t + 1][k] + lambda * target[k];
        if (states.get(t + 1).turn() != states.get(t).turn()) {
          Outcomes.flip(next, flipped, size);
          System.arraycopy(flipped, 0, target, 0, size);
        } else {
          System.arraycopy(next, 0, target, 0, size);
        }
      }
      training.step(states.get(t), target, alpha, hiddenAlpha);
    }
  }
}
