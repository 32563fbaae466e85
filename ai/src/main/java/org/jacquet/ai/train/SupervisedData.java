package org.jacquet.ai.train;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

  public static List<Sample> read(Path file) throws IOException {
    List<Sample> samples = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank() || line.startsWith("#")) continue;
        String[] f = line.trim().split("\\s+");
        float[] target = new float[f.length - 2];
        for (int k = 0; k < target.length; k++) target[k] = Float.parseFloat(f[k + 2]);
        samples.add(new Sample(PositionId.parse(f[1]), target));
      }
    }
    return samples;
  }

  /** The index of a line written by {@link #format}. */
  public static int index(String line) {
    return Integer.parseInt(line.substring(0, line.indexOf(' ')));
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

  /** Reads the indices already in {@code file}, if it exists. */
  public static Set<Integer> indices(Path file) throws IOException {
    Set<Integer> done = new java.util.HashSet<>();
    if (!Files.exists(file)) return done;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isBlank() && !line.startsWith("#")) done.add(index(line));
    }
    return done;
  }
}
