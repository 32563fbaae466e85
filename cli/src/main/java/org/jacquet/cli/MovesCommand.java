package org.jacquet.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet moves}: every legal play of a position and dice, for people and programs. */
@Command(
    name = "moves",
    mixinStandardHelpOptions = true,
    description = {
        "Lists every legal play (one per distinct resulting position) and the position it leads to.",
        "With --batch, reads lines POSITION<TAB>D1-D2 from standard input and answers one JSON line each."})
final class MovesCommand implements Callable<Integer> {
  @Option(names = "--rules", defaultValue = "modern", paramLabel = "RULES",
      description = "Preset and options, e.g. modern, advanced+return-checkers=2 (default: ${DEFAULT-VALUE}).")
  String rulesText;

  @Option(names = "--position", paramLabel = "TEXT",
      description = "Position text, e.g. 'white=1:15 black=1:15 turn=white'.")
  String positionText;

  @Option(names = "--dice", paramLabel = "D1-D2", description = "The dice, e.g. 6-5.")
  String diceText;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--batch", description = "Read POSITION<TAB>D1-D2 lines from standard input.")
  boolean batch;

  @Override
  public Integer call() throws IOException {
    Rules rules = Rules.parse(rulesText);
    PlayGenerator generator = new PlayGenerator(rules);
    PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    if (batch) {
      if (positionText != null || diceText != null) {
        throw new IllegalArgumentException("--batch reads positions and dice from standard input; drop --position and --dice");
      }
      batch(rules, generator, out);
      return 0;
    }
    if (positionText == null || diceText == null) {
      throw new IllegalArgumentException("give --position and --dice (or --batch)");
    }
    Position position = Position.parse(positionText);
    Dice dice = Dice.parse(diceText);
    LegalPlays legal = generator.legalPlays(position, DiceToPlay.of(dice, rules));
    if (json) {
      out.println(Json.line(Json.plays(legal, dice.toString())));
    } else {
      print(legal, dice, out);
    }
    out.flush();
    return 0;
  }

  private static void print(LegalPlays legal, Dice dice, PrintWriter out) {
    if (legal.isPass()) {
      out.println("No legal play with " + dice + ": the turn passes.");
      out.println("  -> " + legal.plays().get(0).result());
      return;
    }
    int width = legal.plays().stream().mapToInt(p -> p.notation().length()).max().orElse(0);
    out.println(legal.plays().size() + (legal.plays().size() == 1 ? " legal play" : " legal plays")
        + " with " + dice + (legal.unused().isEmpty() ? "" : " (dice that cannot be used: " + legal.unused() + ")") + ":");
    int n = 0;
    for (Play p : legal.plays()) {
      out.printf("%3d. %-" + width + "s  -> %s%n", ++n, p.notation(), p.result());
    }
  }

  /** One JSON line per input line, in order; a bad line answers an error and the run goes on. */
  private static void batch(Rules rules, PlayGenerator generator, PrintWriter out) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      out.println(Json.line(answer(rules, generator, line)));
      out.flush();
    }
  }

  static Object answer(Rules rules, PlayGenerator generator, String line) {
    int tab = line.lastIndexOf('\t');
    if (tab < 0) return Json.error("expected POSITION<TAB>D1-D2, got '" + line + "'");
    try {
      Position position = Position.parse(line.substring(0, tab));
      Dice dice = Dice.parse(line.substring(tab + 1));
      return Json.plays(generator.legalPlays(position, DiceToPlay.of(dice, rules)), dice.toString());
    } catch (IllegalArgumentException e) {
      return Json.error(e.getMessage());
    }
  }
}
