package org.jacquet.server.learn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.server.game.TypedPlayText;
import org.jacquet.server.game.StateView;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.http.Routes;
import org.jacquet.server.game.LaidSteps;
import org.jacquet.server.refusal.Refusal;

/**
 * The course over HTTP: {@code GET /api/lessons} (the lessons in the client's language) and
 * {@code POST /api/lessons/{id}/{step}} with {@code {"steps": "1/7 7/12"}} (the steps laid
 * on the board so far) or {@code {"play": "1/7 7/12"}} (a typed play): the board and verdict
 * of {@link LessonJudge}. Nothing is kept: the page holds the learner's progress.
 */
public final class LessonRoutes {
  private LessonRoutes() {}

  public static void install(Javalin app, Lessons lessons, LessonJudge judge) {
    Routes.get(app, "/api/lessons", ctx -> ctx.result(list(lessons, ClientLanguage.of(ctx)).toString()));
    app.post("/api/lessons/{id}/{step}", ctx -> {
      Lessons.Lesson lesson = lessons.lesson(ctx.pathParam("id"));
      int index = stepIndex(ctx.pathParam("step"));
      if (lesson == null || index < 0 || index >= lesson.steps().size()) {
        throw new Refusal("not-found", Map.of("path", ctx.path().length() > 80 ? ctx.path().substring(0, 80) : ctx.path()),
            "there is no such lesson step");
      }
      JsonBody body = JsonBody.parse(ctx.body(), true, Set.of("steps", "play", "naming"));
      List<int[]> steps = LaidSteps.read(body.text("steps", ""));
      PointNaming naming = PointNaming.of(body.oneOf("naming", TypedPlayText.DEFAULT, TypedPlayText.NAMINGS));
      ctx.result(judge.judge(lesson.steps().get(index), steps, body.text("play", null), naming, ClientLanguage.of(ctx)).toString());
    });
  }

  private static int stepIndex(String text) {
    return text.matches("\\d{1,3}") ? Integer.parseInt(text) : -1;
  }

  private static ObjectNode list(Lessons lessons, Locale language) {
    ObjectNode o = StateView.JSON.createObjectNode();
    ArrayNode all = o.putArray("lessons");
    for (Lessons.Lesson l : lessons.all()) {
      ObjectNode lo = all.addObject().put("id", l.id()).put("title", l.title().in(language)).put("text", l.text().in(language));
      ArrayNode steps = lo.putArray("steps");
      for (Lessons.Step s : l.steps()) {
        steps.addObject().put("rules", s.rules()).put("position", s.position()).put("dice", s.dice())
            .put("task", s.task().in(language)).put("strategy", s.strategy());
      }
    }
    return o;
  }
}
