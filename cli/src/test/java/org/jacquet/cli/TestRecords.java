package org.jacquet.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/** Records for the command tests. */
final class TestRecords {
  private TestRecords() {}

  /** A short random game from a set-up race (the same every time), written as {@code dir/name}. */
  static Path shortRace(Path dir, String name) throws Exception {
    Match m = new Match(Rules.MODERN, 1, new SeededDice(8),
        org.jacquet.engine.Position.parse("white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white"));
    SplittableRandom random = new SplittableRandom(8);
    Game g = m.game();
    while (!g.isOver()) {
      if (g.phase() == org.jacquet.engine.game.Phase.ROLL) g.roll();
      else g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
    }
    Path file = dir.resolve(name);
    Files.writeString(file, GameRecord.write(m, Map.of("White", "A", "Black", "B")));
    return file;
  }
}
