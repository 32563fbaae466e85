package org.jacquet.ai.train;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.Parallel;
import org.jacquet.ai.duel.GameRunner;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.Position;
import org.jacquet.engine.format.PositionId;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * Training samples for {@link SupervisedTrainer}: positions met in self-play (eight a game), each with target
 * outcome probabilities from a rollout or from a search. One sample a line,
 * {@code index positionId p1 … pn}, so a file grows by appending and a run resumes. Positions of
 * a benchmark are left out (the benchmark stays held out of all training).
 */
public final class SupervisedData {
  /** Where the targets come from: a variance-reduced rollout of {@code trials}, or a search {@code plies} deep. */
  public record Targets(Level level, int trials, int plies) {
    public String describe() {
      return trials > 0 ? "rollouts of " + trials + " trials by " + level.key() + " with variance reduction"
          : level.key() + "'s evaluation at " + plies + "-ply";
    }
  }

  private SupervisedData() {}

  /** A line of a samples file read: its index and its sample. */
  public record Line(int index, Sample sample) {}


  /** Whether {@code line} holds no sample: blank, or a comment (the header jacquet samples writes). */
  public static boolean isComment(String line) {
    return line.isBlank() || line.startsWith("#");
  }

  /**
   * A sample line ({@code index positionId p1 … pn}, as {@link #format} writes it) checked: a
   * whole index, a valid position ID, and exactly {@code outcomes} probabilities, each a plain
   * decimal number from 0 to 1. What is wrong is an {@link IllegalArgumentException} saying so
   * in words (the caller adds the file and line).
   */
  public static Line parse(String line, int outcomes) {
    String[] f = line.trim().split("\\s+");
    if (!org.jacquet.ai.PlainNumbers.isIndex(f[0])) {
      throw new IllegalArgumentException("'" + org.jacquet.engine.Excerpt.of(f[0]) + "' is not a sample's index (a whole number from 0)");
    }
    if (f.length < 2) throw new IllegalArgumentException("sample " + f[0] + " has no position ID");
    Position position;
    try {
      position = PositionId.parse(f[1]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("sample " + f[0] + "'s position ID '" + org.jacquet.engine.Excerpt.of(f[1]) + "' is not valid: " + e.getMessage());
    }
    if (f.length - 2 != outcomes) {
      throw new IllegalArgumentException("sample " + f[0] + " has " + (f.length - 2) + " outcome probabilities, and these rules have " + outcomes);
    }
    float[] target = new float[outcomes];
    for (int k = 0; k < outcomes; k++) {
      String text = f[k + 2];
      double p = org.jacquet.ai.PlainNumbers.decimal(text);
      if (!(p >= 0 && p <= 1)) {
        throw new IllegalArgumentException("sample " + f[0] + "'s outcome probability " + (k + 1) + " is '" + org.jacquet.engine.Excerpt.of(text)
            + "', not a number from 0 to 1");
      }
      target[k] = (float) p;
    }
    return new Line(Integer.parseInt(f[0]), new Sample(position, target));
  }

  public static String format(int index, Sample s) {
    StringBuilder b = new StringBuilder().append(index).append(' ').append(PositionId.of(s.position()));
    for (float v : s.target()) b.append(' ').append(String.format(Locale.ROOT, "%.4f", v));
    return b.toString();
  }

  /** Samples drawn from each self-play game (distinct positions of it). */
  static final int PER_GAME = 8;

  /**
   * Makes samples {@code 0 .. count-1} but those {@code done} says are made: samples
   * {@code 8g .. 8g+7} are distinct positions drawn from self-play game {@code g} of
   * {@code sampler} (seeded by {@code seed} and {@code g}), never one of {@code heldOut}.
   */
  public static void generate(Rules rules, Level sampler, Targets targets, int count, long seed, Set<Position> heldOut,
      IntPredicate done, int threads, java.util.function.BiConsumer<Integer, Sample> sink) throws InterruptedException {
    List<Integer> games = new ArrayList<>();
    for (int g = 0; g * PER_GAME < count; g++) {
      for (int i = g * PER_GAME; i < Math.min(count, (g + 1) * PER_GAME); i++) {
        if (!done.test(i)) {
          games.add(g);
          break;
        }
      }
    }
    int size = Outcomes.size(rules);
    Parallel.run(games.size(), threads, () -> new Search(targets.level().evaluator(rules), MoveFilter.WORLD_CLASS),
        (search, k) -> {
          int g = games.get(k);
          SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + g);
          List<Position> drawn = draw(rules, sampler, random, heldOut);
          for (int j = 0; j < PER_GAME && j < drawn.size(); j++) {
            int i = g * PER_GAME + j;
            long trialSeed = random.nextLong();
            if (i >= count || done.test(i)) continue;
            Position p = drawn.get(j);
            float[] target = new float[size];
            if (targets.trials() > 0) {
              try {
                Rollout.Result r = Rollout.run(rules, p, null, targets.level(), targets.trials(), trialSeed, 1, true, null);
                for (int o = 0; o < size; o++) target[o] = (float) Math.min(1, Math.max(0, r.outcomes()[o]));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
              }
            } else {
              search.evaluate(p, targets.plies(), target);
            }
            Sample s = new Sample(p, target);
            synchronized (sink) {
              sink.accept(i, s);
            }
          }
        }, null);
  }

  /** Distinct positions (side to move about to roll) of one self-play game, in a random order, none held out or over. */
  private static List<Position> draw(Rules rules, Level sampler, SplittableRandom random, Set<Position> heldOut) {
    List<Position> seen = new ArrayList<>();
    Bot[] bots = new Bot[2];
    for (int b = 0; b < 2; b++) {
      bots[b] = Bot.watched(sampler.create(rules, random.nextLong()), (legal, nanos) -> {
        if (!legal.dice().transferred()) seen.add(legal.position());
      });
    }
    GameRunner.play(new Game(rules, new SeededDice(random.nextLong())), bots[0], bots[1]);
    List<Position> distinct = new ArrayList<>(new java.util.LinkedHashSet<>(seen));
    distinct.removeIf(p -> p.isOver() || heldOut.contains(p));
    for (int i = distinct.size() - 1; i > 0; i--) java.util.Collections.swap(distinct, i, random.nextInt(i + 1));
    return distinct;
  }
}
