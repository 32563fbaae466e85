package org.jacquet.cli;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.benchmark.BenchmarkFile;
import org.jacquet.ai.benchmark.BenchmarkGenerator;
import org.jacquet.ai.benchmark.BenchmarkScore;
import org.jacquet.ai.benchmark.Category;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.eval.RaceAwareEvaluator;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet benchmark}: rolled-out decisions that measure how far a player is from the best play. */
@Command(name = "benchmark", mixinStandardHelpOptions = true,
    description = {"Measures a level's strength on decisions whose candidate plays were rolled out.",
        "Make the decisions (generate), add a level's own plays to them (complete), or score a level on "
            + "them (score): the equity it gives up per decision, in thousandths, by category; set the noisy "
            + "levels' noise from the review's measure (calibrate)."},
    subcommands = {BenchmarkCommand.Generate.class, BenchmarkCommand.Complete.class, BenchmarkCommand.Score.class,
        BenchmarkCalibrate.class})
final class BenchmarkCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  static int threads(Integer threads) {
    return Checks.threads(threads);
  }

  @Command(name = "generate", mixinStandardHelpOptions = true,
      description = "Makes (or goes on making) benchmark decisions, appending each to FILE as it is done.")
  static final class Generate implements Callable<Integer> {
    @Mixin RulesOption rulesOption;

    @Option(names = "--out", required = true, paramLabel = "FILE") Path out;

    @Option(names = "--positions", defaultValue = "400", description = "Decisions to reach in total, 1 to 10,000,000 (default: ${DEFAULT-VALUE}).")
    int positions;

    @Mixin RolloutTrialsOption trialsOption;

    @Option(names = "--candidates", defaultValue = "3",
        description = "Best plays at 0-ply of each network (today's and expert-v1's) rolled out, with each one's 2-ply choice, 1 to 100 (default: ${DEFAULT-VALUE}).")
    int candidates;

    @Option(names = "--truncate", defaultValue = "0",
        description = "Stop each trial after this many plays, 0 to 10,000, and take the 0-ply evaluation; 0 plays to the end (default).")
    int truncate;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

    @Override
    public Integer call() throws Exception {
      Rules rules = rulesOption.rules();
      Checks.between("--truncate", truncate, 0, 10_000);
      trialsOption.check();
      int trials = trialsOption.trials;
      int selectionTrials = trialsOption.selectionTrials;
      Checks.between("--candidates", candidates, 1, 100);
      Checks.between("--positions", positions, 1, 10_000_000);
      int threadCount = threads(threads);
      Inputs.writable(out, "--out", true);
      BenchmarkGenerator.Settings s = new BenchmarkGenerator.Settings(Level.EXPERT, Level.EXPERT, candidates,
          trials, selectionTrials, truncate, seed);
      Set<Integer> done = new HashSet<>();
      String madeBy = "jacquet benchmark generate --rules " + rules + " --positions " + positions + " --trials " + trials
            + " --selection-trials " + selectionTrials + " --candidates " + candidates + " --truncate " + truncate + " --seed " + seed
            + " --out FILE (resumable: the same command goes on)";
      ResumedFile.open(out, HEADER, rules.toString(), madeBy, Set.of("--positions", "--out"),
          "# " + s.describe() + "\n"
              + "# line: index category positionId dice candidate...; candidate: resultId:equity:standardError:selection\n"
              + "# (expected points for the player to move in the measuring rollout, its error against the best,\n"
              + "# and in the picking rollout; the best, by the picking rollout, first)\n",
          "a benchmark file", "benchmark generate", text -> {
            for (BenchmarkEntry e : parse(out, text, rules)) done.add(e.index());
          });
      int todo = 0;
      for (int i = 0; i < positions; i++) if (!done.contains(i)) todo++;
      System.err.printf("benchmark %s: %s done, %,d to make, %s per candidate -> %s%n", rules,
          Checks.count(done.size(), "decision"), todo, Checks.count(trials, "trial"), out);
      Progress progress = new Progress("benchmark " + rules, todo);
      long[] made = {0};
      try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
        BenchmarkGenerator.generate(rules, s, positions, done::contains, threadCount, e -> {
          try {
            w.write(BenchmarkFile.format(e));
            w.newLine();
            w.flush();
          } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
          }
          progress.update(++made[0], "");
        });
      }
      return 0;
    }
  }

  @Command(name = "complete", mixinStandardHelpOptions = true,
      description = {"Adds to FILE's decisions the plays of the given levels that are not among their candidates, "
          + "rolling each such decision out again, every candidate anew and with the same dice for all.",
          "Run it after the networks change: a play outside the candidates is otherwise scored as the worst of them. "
              + "FILE is rewritten after each decision, so a stopped run goes on where it stopped."})
  static final class Complete implements Callable<Integer> {
    @Mixin RulesOption rulesOption;

    @Option(names = "--file", required = true, paramLabel = "FILE", description = "Benchmark file, rewritten in place.")
    Path file;

    @Option(names = "--level", defaultValue = "expert,world-class", split = ",",
        description = "Levels without noise whose plays are added, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> levelTexts;

    @Mixin RolloutTrialsOption trialsOption;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

    @Override
    public Integer call() throws Exception {
      Rules rules = rulesOption.rules();
      trialsOption.check();
      int trials = trialsOption.trials;
      int selectionTrials = trialsOption.selectionTrials;
      int threadCount = threads(threads);
      Checks.someLevel(levelTexts);
      List<Level> levels = new java.util.ArrayList<>();
      for (String t : levelTexts) {
        Level level = Checks.level(t);
        if (level == Level.RANDOM || level.isNoisy()) {
          throw new IllegalArgumentException("--level " + level.key() + ": only levels that play without noise can be "
              + "added (the others' plays are drawn at random)");
        }
        if (!levels.contains(level)) levels.add(level);
      }
      String text = Inputs.text(file);
      Inputs.writable(file, "--file", true);
      java.util.Map<Integer, BenchmarkEntry> entries = new java.util.TreeMap<>();
      for (BenchmarkEntry e : parse(file, text, rules)) entries.put(e.index(), e);
      if (entries.isEmpty()) throw new CommandFailure(file + " holds no benchmark decisions");
      List<String> header = new java.util.ArrayList<>(text.lines().filter(l -> l.startsWith("#")).toList());
      String note = "# completed by: jacquet benchmark complete --rules " + rules + " --level "
          + String.join(",", levels.stream().map(Level::key).toList()) + " --trials " + trials + " --selection-trials "
          + selectionTrials + " --seed " + seed + " --file FILE (each decision where one of their plays was not a "
          + "candidate rolled out again, every candidate anew, with it added)";
      if (!header.contains(note)) header.add(note);
      BenchmarkGenerator.Settings s = new BenchmarkGenerator.Settings(Level.EXPERT, Level.EXPERT, 0, trials,
          selectionTrials, 0, seed);
      List<LongFunction<Bot>> players = levels.stream().<LongFunction<Bot>>map(l -> x -> l.create(rules, x)).toList();
      int[] made = {0};
      BenchmarkGenerator.complete(rules, s, List.copyOf(entries.values()), players, seed, threadCount, e -> {
        entries.put(e.index(), e);
        write(file, header, entries.values());
        System.err.printf("benchmark %s: decision %d rolled out again with %d candidates%n", rules, e.index(),
            e.candidates().size());
        made[0]++;
      });
      System.out.printf("%s: %s rolled out again with the plays of %s%n", file, Checks.count(made[0], "decision"),
          String.join(", ", levels.stream().map(Level::key).toList()));
      return 0;
    }

    /** The file written whole to a temporary file then moved over it, so a stop never leaves half a file. */
    private static void write(Path file, List<String> header, java.util.Collection<BenchmarkEntry> entries) {
      StringBuilder out = new StringBuilder();
      for (String h : header) out.append(h).append('\n');
      for (BenchmarkEntry e : entries) out.append(BenchmarkFile.format(e)).append('\n');
      try {
        Path parent = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(parent, "." + file.getFileName() + ".", ".tmp");
        Files.writeString(tmp, out, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      } catch (java.io.IOException x) {
        throw new java.io.UncheckedIOException(x);
      }
    }
  }

  @Command(name = "score", mixinStandardHelpOptions = true,
      description = "The equity a level gives up per decision on the benchmark, by category, in thousandths.")
  static final class Score implements Callable<Integer> {
    @Mixin RulesOption rulesOption;

    @Option(names = "--level", defaultValue = "expert", split = ",",
        description = "Level(s) to score, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> levelTexts;

    @Option(names = "--net", paramLabel = "FILE", description = "Score this network instead of a level's.")
    Path net;

    @Option(names = "--plies", defaultValue = "0", description = "Search depth with --net, 0 to 3 (default: ${DEFAULT-VALUE}).")
    int plies;

    @Option(names = "--file", paramLabel = "FILE", description = "Benchmark file (default: the one shipped for the rules).")
    Path file;

    @Mixin NoiseOption noiseOption;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the noisy levels' choices (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

    @Option(names = "--json", description = "Print one JSON object per level (and one per difference between levels): for each "
        + "category and for all, decisions, milli_per_decision, standard_error and outside_candidates; milli_per_decision is null "
        + "for a category without decisions, standard_error null with fewer than two.") boolean json;

    @Option(names = "--against", paramLabel = "LEVEL",
        description = "Score against this level's search (as the game review does) instead of the rollouts, on --decisions decisions.")
    String against;

    @Option(names = "--decisions", defaultValue = "400", description = "With --against: decisions drawn from self-play, 2 to 1,000,000 (default: ${DEFAULT-VALUE}).")
    int decisions;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      Rules rules = rulesOption.rules();
      threads(threads); // checked before any work
      // --net is scored in place of a level: a level given with it would be silently dropped.
      if (net != null && spec.commandLine().getParseResult().hasMatchedOption("--level")) {
        throw new IllegalArgumentException("--level cannot apply with --net: the network file is scored in place of a level "
            + "(search depth: --plies); give one or the other");
      }
      if (net == null && spec.commandLine().getParseResult().hasMatchedOption("--plies")) {
        throw new IllegalArgumentException("--plies goes with --net (a level searches at its own depth)");
      }
      if (net == null) Checks.someLevel(levelTexts);
      List<String> players = net != null ? List.of("net") : levelTexts;
      for (String p : players) if (net == null) noiseOption.check("--level", Checks.level(p));
      if (net != null && noiseOption.noise != null) {
        throw new IllegalArgumentException("--noise cannot apply with --net: the network file is scored without noise");
      }
      Checks.between("--decisions", decisions, 2, 1_000_000);
      Checks.between("--plies", plies, 0, 3); // before --against too, which scores --net at that depth
      if (against != null) {
        Level ref = Checks.level(against);
        if (!ref.needsNetwork() || ref.isNoisy()) throw new IllegalArgumentException("--against needs a level without noise that uses the network");
        var reference = new org.jacquet.ai.benchmark.SearchReference(rules, ref, Level.EXPERT_V1, decisions, seed, threads(threads));
        for (String p : players) {
          LongFunction<Bot> bots = players(rules, p);
          print(reference.score(bots, seed, threads(threads)), name + " against " + ref.key() + "'s search", rules);
        }
        return 0;
      }
      List<BenchmarkEntry> entries;
      if (file != null) {
        entries = readFile(file, rules);
        if (entries.isEmpty()) throw new CommandFailure(file + " holds no benchmark decisions");
      } else {
        String preset = Nets.presetFor(rules);
        if (!rules.equals(Rules.PRESETS.get(preset))) { // spanish scoring's network has no preset (nor a benchmark)
          throw new IllegalArgumentException("no benchmark ships for " + rules + ": give one with --file FILE (made by jacquet "
              + "benchmark generate --rules " + rules + "), or score against a level's search with --against LEVEL");
        }
        entries = BenchmarkFile.shipped(rules, preset);
        if (entries.isEmpty()) {
          throw new IllegalArgumentException("no benchmark is shipped for " + rules + " yet; make one with "
              + "jacquet benchmark generate --rules " + rules + " --out FILE, then --file FILE");
        }
      }
      java.util.List<BenchmarkScore.Report> reports = new java.util.ArrayList<>();
      java.util.List<String> names = new java.util.ArrayList<>();
      for (String p : players) {
        LongFunction<Bot> bots = players(rules, p);
        BenchmarkScore.Report r = BenchmarkScore.score(rules, entries, bots, seed, threads(threads));
        print(r, name, rules);
        reports.add(r);
        names.add(name);
      }
      for (int i = 1; i < reports.size(); i++) {
        printDifference(names.get(i), names.get(0), BenchmarkScore.difference(reports.get(i), reports.get(0)), rules);
      }
      return 0;
    }

    private String name;

    /** The player scored: a level, or a network file searched --plies deep. */
    private LongFunction<Bot> players(Rules rules, String levelText) {
      if (net != null) {
        NeuralNet n = Inputs.network(net, rules);
        name = net.getFileName() + " at " + plies + "-ply";
        return s -> new SearchBot(name, new Search(new RaceAwareEvaluator(new NetEvaluator(rules, n)),
            plies > 0 ? MoveFilter.WORLD_CLASS : MoveFilter.NONE), plies, 0, s);
      }
      Level level = Checks.level(levelText);
      name = noiseOption.name(level);
      return s -> noiseOption.bot(level, rules, s);
    }

    private void print(BenchmarkScore.Report r, String name, Rules rules) {
      if (json) {
        var o = Json.MAPPER.createObjectNode();
        o.put("player", name).put("rules", rules.toString());
        for (Category c : Category.values()) line(o.putObject(c.key()), r.byCategory().get(c));
        line(o.putObject("all"), r.all());
        System.out.println(Json.line(o));
        return;
      }
      System.out.printf("Benchmark of %s (%s): equity lost per decision, thousandths of a point%n", name, rules);
      for (Category c : Category.values()) text(c.key(), r.byCategory().get(c));
      text("all", r.all());
    }

    /** {@code a}'s score less {@code b}'s, decision by decision (positive: {@code a} gives up more). */
    private void printDifference(String a, String b, BenchmarkScore.Line d, Rules rules) {
      if (json) {
        var o = Json.MAPPER.createObjectNode();
        o.put("player", a).put("minus", b).put("rules", rules.toString()).put("decisions", d.decisions());
        number(o, "milli_per_decision", d.milliPerDecision());
        number(o, "standard_error", d.standardError());
        System.out.println(Json.line(o));
        return;
      }
      if (d.decisions() == 0) {
        System.out.printf("%s less %s: no decisions to compare%n", a, b);
        return;
      }
      System.out.println(String.format(Locale.ROOT,
          "%s less %s, decision by decision: %+.2f %s thousandths per decision (%d decisions)",
          a, b, d.milliPerDecision(), errorText(d.standardError()), d.decisions()));
    }

    /** A category's line as JSON: with no decisions there is no mean (null), with one no standard error (null). */
    private static void line(com.fasterxml.jackson.databind.node.ObjectNode o, BenchmarkScore.Line l) {
      o.put("decisions", l.decisions());
      number(o, "milli_per_decision", l.milliPerDecision());
      number(o, "standard_error", l.standardError());
      o.put("outside_candidates", l.outsideCandidates());
    }

    /** A finite number, or null: JSON has no NaN. */
    private static void number(com.fasterxml.jackson.databind.node.ObjectNode o, String key, double x) {
      if (Double.isFinite(x)) o.put(key, x);
      else o.putNull(key);
    }

    private static void text(String label, BenchmarkScore.Line l) {
      if (l.decisions() == 0) {
        System.out.println(String.format(Locale.ROOT, "  %-9s     0 decisions  (none in this benchmark)", label));
        return;
      }
      System.out.println(String.format(Locale.ROOT, "  %-9s %5d decisions  %6.2f %s  (%d plays outside the candidates)",
          label, l.decisions(), l.milliPerDecision(), errorText(l.standardError()), l.outsideCandidates()));
    }

    /** "± 1.23", or why there is none: one decision gives no estimate of the error. */
    private static String errorText(double standardError) {
      return Double.isFinite(standardError) ? String.format(Locale.ROOT, "± %.2f", standardError) : "± ? (one decision: no error estimate)";
    }
  }

  /**
   * The decisions in {@code file}, read as every command reads a file (a directory, a missing or
   * unreadable file, or one too large such as {@code /dev/zero}, refused by name); a bad line is
   * refused with the file's name and the line's number.
   */
  static List<BenchmarkEntry> readFile(java.nio.file.Path file, Rules rules) {
    return parse(file, Inputs.text(file), rules);
  }

  /** The first line of every benchmark file, before its rules. */
  private static final String HEADER = "# jacquet benchmark, rules ";

  /**
   * The decisions in {@code text}, read from {@code file}; a bad line is refused with the file's
   * name and the line's number, and a file whose header says it was made for other rules is
   * refused (its decisions and values are those rules').
   */
  private static List<BenchmarkEntry> parse(java.nio.file.Path file, String text, Rules rules) {
    String first = text.lines().findFirst().orElse("");
    if (first.startsWith(HEADER)) {
      Rules theirs;
      try {
        theirs = Rules.parse(first.substring(HEADER.length()));
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(file + ": benchmark line 1: its rules are not rules (" + e.getMessage() + ")");
      }
      if (!theirs.equals(rules)) {
        throw new CommandFailure(file + " is a benchmark for rules " + theirs + " (its first line says so), not " + rules
            + ": give --rules " + theirs);
      }
    }
    try {
      return BenchmarkFile.read(text, rules);
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(file + ": " + e.getMessage());
    }
  }
}
