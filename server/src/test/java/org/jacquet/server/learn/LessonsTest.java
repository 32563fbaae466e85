package org.jacquet.server.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.server.http.StepsParam;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.engine.Play;
import org.junit.jupiter.api.Test;

/** Every step of the shipped course, checked by the engine: what the texts claim is what the rules and world class say. */
class LessonsTest {
  private final Lessons lessons = Lessons.shipped();
  private final LessonJudge judge = new LessonJudge();

  @Test
  void theCourseCoversEveryTopicOfTheIssue() {
    assertThat(lessons.all()).extracting(Lessons.Lesson::id)
        .contains("moving", "postilion", "single", "blocks", "bearoff", "scoring", "variants", "race", "blocking", "bearoff-technique");
  }

  @Test
  void everyStepIsALegalPositionWithLegalDiceAndLegalAcceptedPlays() {
    for (Lessons.Lesson l : lessons.all()) {
      for (Lessons.Step s : l.steps()) {
        LessonJudge.Board b = LessonJudge.Board.of(s); // throws on bad rules, position or dice
        assertThat(b.position().isOver()).as(where(l, s)).isFalse();
        for (String a : s.accepted()) {
          Play p = legal(b, a, l, s);
          assertThat(b.legal().plays()).as(where(l, s) + " " + a).anyMatch(q -> q.result().equals(p.result()));
        }
      }
    }
  }

  @Test
  void everyWrongPlayIsRefusedByTheRulesOrLegalButNotAccepted() {
    for (Lessons.Lesson l : lessons.all()) {
      for (Lessons.Step s : l.steps()) {
        LessonJudge.Board b = LessonJudge.Board.of(s);
        for (Lessons.Wrong w : s.wrong()) {
          if (w.verdict().equals("refused")) {
            // Laid on the board step by step, as the learner does: the engine refuses one of its steps.
            assertThatThrownBy(() -> b.lay(StepsParam.read(w.play()))).as(where(l, s) + " " + w.play())
                .isInstanceOf(Refusal.class);
          } else {
            Play p = legal(b, w.play(), l, s);
            assertThat(s.accepted()).as(where(l, s) + " " + w.play()).noneMatch(a -> b.play(a).result().equals(p.result()));
          }
        }
      }
    }
  }

  @Test
  void eachStrategyStepsAcceptedPlayIsWorldClassBestByTheMarginItClaims() {
    int strategy = 0;
    for (Lessons.Lesson l : lessons.all()) {
      for (Lessons.Step s : l.steps()) {
        if (!s.strategy()) continue;
        strategy++;
        LessonJudge.Board b = LessonJudge.Board.of(s);
        List<RankedPlay> ranked = judge.ranking(s, b);
        Play accepted = b.play(s.accepted().get(0));
        assertThat(ranked.get(0).play().result()).as(where(l, s) + " best is " + ranked.get(0).play().notation()).isEqualTo(accepted.result());
        assertThat(ranked.get(0).equity() - ranked.get(1).equity()).as(where(l, s) + " margin").isGreaterThanOrEqualTo(s.margin());
        for (Lessons.Wrong w : s.wrong()) {
          if (!w.verdict().equals("worse")) continue;
          Play p = b.play(w.play());
          double lost = ranked.get(0).equity() - ranked.stream().filter(r -> r.play().result().equals(p.result())).findFirst().orElseThrow().equity();
          assertThat(lost).as(where(l, s) + " " + w.play()).isGreaterThanOrEqualTo(s.margin());
        }
      }
    }
    assertThat(strategy).isGreaterThanOrEqualTo(3);
  }

  private static Play legal(LessonJudge.Board b, String text, Lessons.Lesson l, Lessons.Step s) {
    try {
      return b.play(text);
    } catch (IllegalPlayException e) {
      throw new AssertionError(where(l, s) + ": " + text + " refused (" + e.getMessage() + "); legal: "
          + b.legal().plays().stream().map(Play::notation).toList(), e);
    }
  }

  private static String where(Lessons.Lesson l, Lessons.Step s) {
    return l.id() + " step " + (l.steps().indexOf(s) + 1);
  }
}
