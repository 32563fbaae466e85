package org.jacquet.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.duel.Duel;
import org.jacquet.ai.eval.LayoutTransfer;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.NetInputs;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.match.MatchEquityTable;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.Search;
import org.jacquet.ai.stats.Interval;
import org.jacquet.ai.train.TdTrainer;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet train}: TD(λ) self-play training of the network for one set of rules. */
@Command(name = "train", mixinStandardHelpOptions = true,
    description = "Trains the evaluation network by TD(lambda) self-play, with checkpoints and resume.")
final class TrainCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin RulesOption rulesOption;

  @Option(names = "--games", defaultValue = "100000", description = "Games to reach in total, at least 1 (default: ${DEFAULT-VALUE}).")
  long games;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the weights and dice (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", paramLabel = "FILE", description = "Network file to write (default: PRESET.jqnn).")
  Path out;

  @Option(names = "--resume", description = "Go on from the network in --out.")
  boolean resume;

  @Option(names = "--hidden", description = "Hidden units of a new network, 1 to 1,024 (default: 64).")
  Integer hidden;

  @Option(names = "--alpha", defaultValue = "0.05", description = "Learning rate, above 0 and at most 1 (default: ${DEFAULT-VALUE}).")
  double alpha;

  @Option(names = "--hidden-alpha", paramLabel = "RATE",
      description = "Learning rate of the hidden layer in self-play, 0 (frozen) to 1 (default: --alpha).")
  Double hiddenAlpha;

  @Option(names = "--lambda", defaultValue = "0.7", description = "TD lambda, 0 to 1 (default: ${DEFAULT-VALUE}).")
  double lambda;

  @Option(names = "--checkpoint-every", defaultValue = "10000", description = "Games between checkpoints, at least 1 (default: ${DEFAULT-VALUE}).")
  long checkpointEvery;

  @Option(names = "--bench-every", defaultValue = "10000", description = "Games between benchmarks against the heuristic, 0 or more; 0 for none (default: ${DEFAULT-VALUE}).")
  long benchEvery;

  @Option(names = "--bench-games", defaultValue = "400", description = "Duplicate games per benchmark, 20 to 10,000,000 (default: ${DEFAULT-VALUE}).")
  int benchGames;

  @Option(names = "--supervised", paramLabel = "SAMPLES",
      description = "Train on these samples (jacquet samples) instead of by self-play; every tenth is held out.")
  Path supervised;

  @Option(names = "--from", paramLabel = "FILE|PRESET|v1|shipped",
      description = "The network to start from: a file, a preset's shipped network, the first version's or the shipped one"
          + " for --rules (with --supervised the default). Self-play from another outcome layout keeps its hidden layer.")
  String from;

  @Option(names = "--epochs", defaultValue = "4", description = "With --supervised: passes over the samples, 1 to 1,000 (default: ${DEFAULT-VALUE}).")
  int epochs;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    // Checked whatever the mode, so a bad value is never silently ignored.
    Checks.between("--epochs", epochs, 1, 1000);
    Checks.between("--bench-games", benchGames, DuelCommand.MIN_GAMES, DuelCommand.MAX_GAMES);
    if (supervised != null) return supervised(rules);
    if (from != null && resume) {
      throw new IllegalArgumentException("--from starts a new network and --resume goes on from the one in --out: give one of them");
    }
    if (from != null && hidden != null) throw new IllegalArgumentException("--hidden is the network's own when it starts --from another");
    if (out == null) out = Path.of(rules.toString().replace('+', '_') + ".jqnn");
    Checks.between("--games", games, 1, Long.MAX_VALUE);
    if (hidden != null) Checks.between("--hidden", hidden, 1, 1024);
    Checks.positive("--alpha", alpha, 1);
    Checks.between("--lambda", lambda, 0, 1);
    if (hiddenAlpha != null) Checks.between("--hidden-alpha", hiddenAlpha, 0, 1);
    Checks.between("--checkpoint-every", checkpointEvery, 1, Long.MAX_VALUE);
    Checks.between("--bench-every", benchEvery, 0, Long.MAX_VALUE);
    Inputs.replaceable(out, "--out");
    NeuralNet net;
    if (resume) {
      net = read(out);
      if (!net.rules().equals(rules.toString())) {
        throw new IllegalArgumentException(out + " was trained for " + net.rules() + ", not " + rules);
      }
      if (hidden != null && hidden != net.hiddenUnits()) {
        throw new IllegalArgumentException(out + " has " + net.hiddenUnits() + " hidden units; --hidden " + hidden
            + " cannot change a network being resumed");
      }
      if (games <= net.gamesTrained()) {
        throw new IllegalArgumentException(out + " has already been trained for " + String.format("%,d", net.gamesTrained())
            + " games; --games is the total to reach: give more than that, not " + games);
      }
    } else if (from != null) {
      net = LayoutTransfer.spread(source(rules), rules, gameWorthAtLeast(rules));
    } else {
      net = new NeuralNet(rules.toString(), NetInputs.SIZE, hidden == null ? 64 : hidden, Outcomes.size(rules), seed);
    }
    double hiddenRate = hiddenAlpha == null ? alpha : hiddenAlpha;
    TdTrainer trainer = new TdTrainer(rules, net, alpha, hiddenRate, lambda);
    System.err.printf("training %s: %d hidden units, alpha %s (hidden layer %s), lambda %s, seed %d, from game %,d to %,d -> %s%n",
        rules, net.hiddenUnits(), alpha, hiddenRate, lambda, seed, net.gamesTrained(), games, out);
    long startGame = net.gamesTrained();
    Progress progress = new Progress("train " + rules, games, startGame);
    String bench = "";
    for (long g = startGame; g < games; g++) {
      trainer.trainGame(seed, g);
      long done = g + 1;
      if (done % checkpointEvery == 0 || done == games) save(net, out);
      if (benchEvery > 0 && (done % benchEvery == 0 || done == games)) {
        bench = benchmark(rules, net);
        System.err.printf("%n[%,d games] %s%n", done, bench);
      }
      progress.update(done, bench);
    }
    return 0;
  }

  /**
   * Supervised passes over the samples, the learning rate halved each pass; the held-out loss
   * after each, and a checkpoint. Samples of the shipped benchmark are dropped.
   */
  private int supervised(Rules rules) throws Exception {
    if (out == null) throw new IllegalArgumentException("--supervised needs --out");
    Inputs.distinct("--out", out, "the samples (--supervised)", supervised); // hours of samples, never replaced by a network
    Checks.positive("--alpha", alpha, 1);
    Inputs.replaceable(out, "--out");
    if (from == null) from = "shipped";
    NeuralNet source = source(rules);
    if (source.outputs() != Outcomes.size(rules)) {
      throw new IllegalArgumentException("--from " + from + " has " + source.outputs() + " outputs and " + rules + " needs "
          + Outcomes.size(rules) + ": supervised training keeps the network's outcome layout (self-play can change it)");
    }
    NeuralNet net = copy(source);
    java.util.Set<org.jacquet.engine.Position> benchmark = new java.util.HashSet<>();
    for (var e : org.jacquet.ai.benchmark.BenchmarkFile.shipped(rules, org.jacquet.ai.eval.Nets.presetFor(rules))) {
      benchmark.add(e.position());
    }
    java.util.List<org.jacquet.ai.train.Sample> all = samples(supervised, Outcomes.size(rules));
    java.util.List<org.jacquet.ai.train.Sample> train = new java.util.ArrayList<>();
    java.util.List<org.jacquet.ai.train.Sample> heldOut = new java.util.ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (benchmark.contains(all.get(i).position())) continue;
      (i % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 ? heldOut : train).add(all.get(i));
    }
    if (train.isEmpty()) throw new CommandFailure(supervised + " holds no training samples (make them with jacquet samples)");
    if (heldOut.isEmpty()) {
      throw new CommandFailure(supervised + " holds " + Checks.count(train.size(), "usable sample") + ": at least " + HELD_OUT_EVERY
          + " are needed, since every " + HELD_OUT_EVERY + "th is held out to measure the training");
    }
    var trainer = new org.jacquet.ai.train.SupervisedTrainer(rules, net);
    System.err.printf("supervised %s: %,d samples, %,d held out, %d hidden units, alpha %s halved each epoch, seed %d -> %s%n",
        rules, train.size(), heldOut.size(), net.hiddenUnits(), alpha, seed, out);
    System.err.printf("held-out loss before: %.5f%n", trainer.loss(heldOut));
    double a = alpha;
    for (int epoch = 0; epoch < epochs; epoch++) {
      trainer.epoch(train, a, seed * 1_000_003L + epoch);
      save(net, out);
      System.err.printf("epoch %d (alpha %s): held-out loss %.5f, training loss %.5f%n", epoch + 1, a,
          trainer.loss(heldOut), trainer.loss(train.subList(0, Math.min(train.size(), heldOut.size()))));
      a /= 2;
    }
    return 0;
  }

  /** One sample in this many is held out of the training, to measure it. */
  private static final int HELD_OUT_EVERY = 10;

  /**
   * The samples of {@code file}, each line checked (see {@link org.jacquet.ai.train.SupervisedData#parse}):
   * a bad one is refused with the file, the line's number and what is wrong.
   */
  static java.util.List<org.jacquet.ai.train.Sample> samples(Path file, int outcomes) {
    java.util.List<org.jacquet.ai.train.Sample> samples = new java.util.ArrayList<>();
    Inputs.lines(file, Inputs.MAX_SAMPLES_BYTES, (number, line) -> {
      if (org.jacquet.ai.train.SupervisedData.isComment(line)) return;
      try {
        samples.add(org.jacquet.ai.train.SupervisedData.parse(line, outcomes).sample());
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(file + " line " + number + ": " + e.getMessage()
            + (samples.isEmpty() ? " (a samples file, made by jacquet samples, has lines: index positionId probabilities…)" : ""));
      }
    });
    return samples;
  }

  /** The network {@code --from} names: a preset's, the first version's, the shipped one, or a file. */
  private NeuralNet source(Rules rules) {
    if (from.equals("v1")) return Nets.firstVersion(rules);
    if (from.equals("shipped")) return Nets.forRules(rules);
    if (Rules.PRESETS.containsKey(from)) return Nets.forRules(Rules.PRESETS.get(from));
    if (!Files.exists(Path.of(from))) {
      throw new IllegalArgumentException("--from " + from + ": neither a file nor v1, shipped or a preset (" + String.join(", ", Rules.PRESETS.keySet()) + ")");
    }
    NeuralNet net = Inputs.network(Path.of(from));
    if (net.inputs() != NetInputs.SIZE) {
      throw new CommandFailure(from + " reads " + net.inputs() + " inputs, not the " + NetInputs.SIZE + " of today's networks");
    }
    return net;
  }

  /** An independent copy of {@code net} (its rules and games counter too): the shipped ones are shared. */
  private static NeuralNet copy(NeuralNet net) throws IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    net.write(bytes);
    return NeuralNet.read(new java.io.ByteArrayInputStream(bytes.toByteArray()));
  }

  /** For a layout's new outputs: how often a game is worth k points or more, from the shipped match table. */
  private static double[] gameWorthAtLeast(Rules rules) {
    return MatchEquityTable.forRules(rules).atLeast(rules.scoring().maxPoints());
  }

  /** The network in {@code file} to resume, or one line saying why it cannot be read. */
  private static NeuralNet read(Path file) {
    if (!Files.isDirectory(file) && !Files.exists(file)) {
      throw new CommandFailure(file + ": no such file (--resume goes on from the network in --out)");
    }
    return Inputs.network(file);
  }

  /** The current network at 0-ply against the heuristic, duplicate dice, one fixed seed. */
  private String benchmark(Rules rules, NeuralNet net) throws InterruptedException {
    Duel.Result r = Duel.run(rules,
        s -> new SearchBot("net", new Search(new NetEvaluator(rules, net), MoveFilter.NONE), 0, 0, s),
        s -> Level.HEURISTIC.create(rules, s), benchGames, 12345, 1, null);
    Interval win = Interval.wilson(r.winsA(), r.games());
    return String.format("vs heuristic: %.1f%% wins (%.1f%% – %.1f%%), %+.3f points/game",
        100 * win.estimate(), 100 * win.low(), 100 * win.high(), r.pointsPerGame());
  }

  private static void save(NeuralNet net, Path out) throws IOException {
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    if (out.getParent() != null) Files.createDirectories(out.getParent());
    try (OutputStream o = Files.newOutputStream(tmp)) {
      net.write(o);
    }
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
