package org.jacquet.cli;

import java.io.IOException;
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
  @picocli.CommandLine.Mixin RulesOption rulesOption;
  @picocli.CommandLine.Mixin LangOption langOption;

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
    langOption.locale(); // a bad --lang is refused, not ignored
    Rules rules = rulesOption.rules();
    PlayGenerator generator = new PlayGenerator(rules);
    PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    if (batch) {
      if (positionText != null || diceText != null) {
        throw new IllegalArgumentException(Words.get("batch.no.position"));
      }
      Batch.run((position, dice) -> Json.plays(generator.legalPlays(position, DiceToPlay.of(dice, rules)), dice.toString()));
      return 0;
    }
    if (positionText == null || diceText == null) {
      throw new IllegalArgumentException(Words.get("batch.or.position"));
    }
    Position position = Position.parse(positionText);
    if (position.isOver()) throw new IllegalArgumentException(Words.get("position.over"));
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
      out.println(Words.get("moves.pass", dice));
      out.println("  -> " + legal.plays().get(0).result());
      return;
    }
    int width = legal.plays().stream().mapToInt(p -> p.notation().length()).max().orElse(0);
    String unused = String.join(", ", legal.unused().stream().map(String::valueOf).toList());
    out.println(Words.get("moves.heading", legal.plays().size(), dice, legal.unused().size(), unused));
    int n = 0;
    for (Play p : legal.plays()) {
      out.printf("%3d. %-" + width + "s  -> %s%n", ++n, p.notation(), p.result());
    }
  }
}
