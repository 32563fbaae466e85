package org.jacquet.ai.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.ai.Bot;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class BenchmarkScoreTest {
  private static final Rules RULES = Rules.MODERN;
  private static final Position START = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
  private static final Position BEAR_OFF = Position.parse("white=19:3,20:3,21:3,22:3,23:3 black=5:5,22:10 turn=white");

  private static List<Play> plays(Position p, int a, int b) {
    return PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(a, b), RULES)).plays();
  }

  private static BenchmarkEntry.Candidate c(Play play, double equity) {
    return new BenchmarkEntry.Candidate(play.result(), equity, 0.01);
  }

  /** A bot that plays, in each decision, the play leading to the position it is told. */
  private static Bot playing(List<Position> choices) {
    return new Bot() {
      @Override
      public Play choose(LegalPlays legal) {
        for (Position p : choices) {
          var play = legal.leadingTo(p);
          if (play.isPresent()) return play.get();
        }
        throw new AssertionError("no chosen play in " + legal);
      }

      @Override
      public String name() {
        return "told";
      }
    };
  }

  @Test
  void scoreIsTheAverageEquityLostPerDecisionWithItsStandardError() throws Exception {
    List<Play> a = plays(START, 6, 5);
    List<Play> b = plays(START, 3, 1);
    List<Play> d = plays(BEAR_OFF, 6, 2);
    assertThat(a.size()).isGreaterThanOrEqualTo(3);
    assertThat(b.size()).isGreaterThanOrEqualTo(3);
    assertThat(d.size()).isGreaterThanOrEqualTo(2);
    List<BenchmarkEntry> entries = List.of(
        new BenchmarkEntry(0, Category.CONTACT, START, DiceToPlay.of(Dice.of(6, 5), RULES),
            List.of(c(a.get(0), 0.100), c(a.get(1), 0.070), c(a.get(2), 0.020))),
        new BenchmarkEntry(1, Category.CONTACT, START, DiceToPlay.of(Dice.of(3, 1), RULES),
            List.of(c(b.get(0), -0.200), c(b.get(1), -0.260))),
        new BenchmarkEntry(2, Category.BEAR_OFF, BEAR_OFF, DiceToPlay.of(Dice.of(6, 2), RULES),
            List.of(c(d.get(0), 0.500), c(d.get(1), 0.490))));
    // Chosen: the second candidate (loses 0.030), a play outside the candidates (counted as the
    // worst: 0.060), the best (0).
    Bot bot = playing(List.of(a.get(1).result(), b.get(2).result(), d.get(0).result()));
    BenchmarkScore.Report r = BenchmarkScore.score(RULES, entries, s -> bot, 1, 1);

    // By hand: contact losses 30 and 60 thousandths: mean 45, sd sqrt(450) = 21.213, se 15.
    BenchmarkScore.Line contact = r.byCategory().get(Category.CONTACT);
    assertThat(contact.decisions()).isEqualTo(2);
    assertThat(contact.milliPerDecision()).isCloseTo(45.0, within(1e-9));
    assertThat(contact.standardError()).isCloseTo(15.0, within(1e-9));
    assertThat(contact.outsideCandidates()).isEqualTo(1);
    assertThat(r.byCategory().get(Category.BEAR_OFF).milliPerDecision()).isCloseTo(0.0, within(1e-9));
    // All: 30, 60, 0: mean 30, sd 30, se 30 / sqrt(3) = 17.3205.
    assertThat(r.all().decisions()).isEqualTo(3);
    assertThat(r.all().milliPerDecision()).isCloseTo(30.0, within(1e-9));
    assertThat(r.all().standardError()).isCloseTo(30 / Math.sqrt(3), within(1e-9));

    // Against a player that always plays the best: differences 30, 60, 0, the same line as "all".
    Bot best = playing(List.of(a.get(0).result(), b.get(0).result(), d.get(0).result()));
    BenchmarkScore.Report perfect = BenchmarkScore.score(RULES, entries, s -> best, 1, 1);
    BenchmarkScore.Line diff = BenchmarkScore.difference(r, perfect);
    assertThat(diff.milliPerDecision()).isCloseTo(30.0, within(1e-9));
    assertThat(diff.standardError()).isCloseTo(30 / Math.sqrt(3), within(1e-9));
    // A player against itself: no difference, and no error.
    assertThat(BenchmarkScore.difference(r, r).standardError()).isZero();
  }

  @Test
  void aBenchmarkLineReadsBackAsWritten() {
    List<Play> a = plays(START, 6, 5);
    BenchmarkEntry e = new BenchmarkEntry(7, Category.CONTACT, START, DiceToPlay.of(Dice.of(6, 5), RULES),
        List.of(c(a.get(1), -0.0123), c(a.get(0), 0.4567)));
    String line = BenchmarkFile.format(e);
    BenchmarkEntry back = BenchmarkFile.parse(line, RULES);
    assertThat(back.index()).isEqualTo(7);
    assertThat(back.position()).isEqualTo(START);
    assertThat(back.candidates().get(0).result()).isEqualTo(a.get(0).result());
    assertThat(back.bestEquity()).isEqualTo(0.4567);
    assertThat(BenchmarkFile.format(back)).isEqualTo(line);
  }

  /**
   * Moultezim's decision 107: three sure double wins whose picking values differ only beyond the
   * fourth decimal, so the file reads them as tied at 2.0000. The pick is the one whose error is
   * 0 (errors are measured against it), even where another measured a hair higher.
   */
  @Test
  void aPickTiedByRoundingIsTheCandidateWithNoError() {
    Rules rules = Rules.parse("moultezim");
    BenchmarkEntry e = BenchmarkFile.parse("107 bear-off gT8AgH8AALh7BQ 6-3 gD8AgH8AAOjeAg:1.9994:0.0002:2.0000 "
        + "gD8AgH8AANhdAQ:1.9993:0.0000:2.0000 gD8AgH8AANheAw:1.9991:0.0002:2.0000", rules);
    assertThat(e.best().equity()).isEqualTo(1.9993);
    assertThat(e.best().standardError()).isZero();
    assertThat(e.loss(e.best().result())).isZero();
    assertThat(e.loss(e.candidates().get(1).result())).isCloseTo(-0.0001, within(1e-9));
  }

  @Test
  void categoryIsBearOffOnceEveryCheckerOfTheSideToMoveIsHome() {
    assertThat(Category.of(START)).isEqualTo(Category.CONTACT);
    assertThat(Category.of(BEAR_OFF)).isEqualTo(Category.BEAR_OFF);
  }

  /**
   * The best play is the picking rollout's; losses are the measuring rollout's differences, signed,
   * so that the measuring rollout's noise averages out instead of always counting against a player.
   */
  @Test
  void theBestIsPickedByOneRolloutAndTheLossesMeasuredByTheOther() throws Exception {
    List<Play> a = plays(START, 6, 5);
    BenchmarkEntry e = new BenchmarkEntry(0, Category.CONTACT, START, DiceToPlay.of(Dice.of(6, 5), RULES), List.of(
        new BenchmarkEntry.Candidate(a.get(0).result(), 0.100, 0.01, 0.050),
        new BenchmarkEntry.Candidate(a.get(1).result(), 0.120, 0.01, 0.040),
        new BenchmarkEntry.Candidate(a.get(2).result(), 0.030, 0.01, 0.060)));
    assertThat(e.best().result()).isEqualTo(a.get(2).result());
    assertThat(e.loss(a.get(2).result())).isCloseTo(0.0, within(1e-12));
    assertThat(e.loss(a.get(0).result())).isCloseTo(-0.070, within(1e-12));
    assertThat(e.loss(a.get(1).result())).isCloseTo(-0.090, within(1e-12));
    // Outside the candidates: the largest loss among them (here the best's own, 0).
    assertThat(e.loss(a.get(3).result())).isCloseTo(0.0, within(1e-12));
    // Written and read back alike; a line without the picking value reads it as the equity.
    String line = BenchmarkFile.format(e);
    assertThat(BenchmarkFile.format(BenchmarkFile.parse(line, RULES))).isEqualTo(line);
    BenchmarkEntry old = BenchmarkFile.parse(line.replaceAll("(:-?[0-9.]+:[0-9.]+):-?[0-9.]+", "$1"), RULES);
    assertThat(old.best().equity()).isEqualTo(0.120);
    assertThat(old.loss(a.get(2).result())).isCloseTo(0.090, within(1e-12));
  }
}
