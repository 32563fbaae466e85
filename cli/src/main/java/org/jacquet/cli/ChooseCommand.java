package org.jacquet.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jacquet choose}: the engine protocol for other programs. One process serves a whole
 * match: each line {@code POSITION<TAB>D1-D2} is answered with the level's play.
 */
@Command(name = "choose", mixinStandardHelpOptions = true,
    description = {"Answers the play the computer chooses at a level.",
        "With --batch, reads POSITION<TAB>D1-D2 lines and answers {\"play\":…,\"result\":…} per line, in order."})
final class ChooseCommand implements Callable<Integer> {
  @Option(names = "--rules", defaultValue = "modern", description = "Rules (default: ${DEFAULT-VALUE}).")
  String rulesText;

  @Option(names = "--level", defaultValue = "expert", description = "Level (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the level's noise (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--batch", description = "Read POSITION<TAB>D1-D2 lines from standard input.")
  boolean batch;

  @Option(names = "--position", paramLabel = "TEXT") String positionText;
  @Option(names = "--dice", paramLabel = "D1-D2") String diceText;

  @Override
  public Integer call() throws Exception {
    Rules rules = Rules.parse(rulesText);
    Bot bot = Level.parse(levelText).create(rules, seed);
    PlayGenerator generator = new PlayGenerator(rules);
    PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    if (!batch) {
      if (positionText == null || diceText == null) throw new IllegalArgumentException("give --position and --dice (or --batch)");
      out.println(Json.line(answer(rules, bot, generator, positionText + "\t" + diceText)));
      out.flush();
      return 0;
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      out.println(Json.line(answer(rules, bot, generator, line)));
      out.flush();
    }
    return 0;
  }

  static Object answer(Rules rules, Bot bot, PlayGenerator generator, String line) {
    int tab = line.lastIndexOf('\t');
    if (tab < 0) return Json.error("expected POSITION<TAB>D1-D2, got '" + line + "'");
    try {
      Position position = Position.parse(line.substring(0, tab));
      if (position.isOver()) return Json.error("the game is over in this position");
      Dice dice = Dice.parse(line.substring(tab + 1));
      Play play = bot.choose(generator.legalPlays(position, DiceToPlay.of(dice, rules)));
      return Json.MAPPER.createObjectNode().put("play", play.notation()).put("result", play.result().toString());
    } catch (IllegalArgumentException e) {
      return Json.error(e.getMessage());
    }
  }
}
