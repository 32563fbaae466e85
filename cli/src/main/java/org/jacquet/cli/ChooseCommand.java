package org.jacquet.cli;

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
  @picocli.CommandLine.Mixin RulesOption rulesOption;
  @picocli.CommandLine.Mixin MatchOption matchOption;
  @picocli.CommandLine.Mixin LangOption langOption;

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
    langOption.locale(); // a bad --lang is refused, not ignored
    Rules rules = rulesOption.rules();
    Bot bot = Checks.level(levelText).create(rules, seed);
    org.jacquet.ai.match.MatchContext context = matchOption.context();
    PlayGenerator generator = new PlayGenerator(rules);
    java.util.function.BiFunction<Position, Dice, Object> choose = (position, dice) -> {
      Play play = bot.choose(generator.legalPlays(position, DiceToPlay.of(dice, rules)), context);
      return Json.MAPPER.createObjectNode().put("play", play.notation()).put("result", play.result().toString());
    };
    if (batch) {
      if (positionText != null || diceText != null) {
        throw new IllegalArgumentException(Words.get("batch.no.position"));
      }
      Batch.run(choose);
      return 0;
    }
    if (positionText == null || diceText == null) throw new IllegalArgumentException(Words.get("batch.or.position"));
    if (positionText.indexOf('\t') >= 0) throw new IllegalArgumentException(Words.get("position.tab"));
    // One question on the command line: a bad one is a usage error (status 2), as for every command.
    Object answer = Batch.answer(positionText + "\t" + diceText, choose);
    if (answer instanceof com.fasterxml.jackson.databind.JsonNode node && node.has("error")) {
      throw new IllegalArgumentException(node.get("error").asText());
    }
    System.out.println(Json.line(answer));
    return 0;
  }
}
