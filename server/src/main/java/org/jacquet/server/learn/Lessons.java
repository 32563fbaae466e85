package org.jacquet.server.learn;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jacquet.server.game.StateView;

/** The course: lessons in order, each a short text and the steps where the learner plays. */
public final class Lessons {
  /** A text in both languages the page is offered in. */
  public record Texts(String en, String fr) {
    public String in(Locale language) {
      return "fr".equals(language.getLanguage()) ? fr : en;
    }

    static Texts of(JsonNode n, String where) {
      if (n == null || !n.hasNonNull("en") || !n.hasNonNull("fr")) throw new IllegalStateException(where + ": a text needs \"en\" and \"fr\"");
      return new Texts(n.get("en").asText(), n.get("fr").asText());
    }
  }

  /** A play the lesson shows as wrong: {@code refused} by the rules, or legal but {@code worse}. */
  public record Wrong(String play, String verdict, Texts why) {}

  /**
   * A position where the learner must make the play asked: the rules preset, the position text,
   * the dice, the plays accepted, the wrong plays it explains; {@code margin} &gt; 0 for a
   * strategy step, whose accepted play is the engine's best by at least that equity; {@code
   * stake} &gt; 0 for a scoring step: what the accepted play scores by the step's scoring (won,
   * when it ends the game; else what the mover would pay if the opponent won now).
   */
  public record Step(String rules, String position, String dice, Texts task, List<String> accepted, List<Wrong> wrong,
      Texts explain, double margin, int stake) {
    public boolean strategy() {
      return margin > 0;
    }
  }

  public record Lesson(String id, Texts title, Texts text, List<Step> steps) {}

  private final List<Lesson> lessons;

  private Lessons(List<Lesson> lessons) {
    this.lessons = List.copyOf(lessons);
  }

  public List<Lesson> all() {
    return lessons;
  }

  /** The lesson {@code id}, or null. */
  public Lesson lesson(String id) {
    for (Lesson l : lessons) if (l.id().equals(id)) return l;
    return null;
  }

  /** The course shipped in the jar. */
  public static Lessons shipped() {
    try (InputStream in = Lessons.class.getResourceAsStream("/learn/lessons.json")) {
      if (in == null) throw new IllegalStateException("/learn/lessons.json is missing from the jar");
      return read(StateView.JSON.readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Lessons read(JsonNode root) {
    List<Lesson> out = new ArrayList<>();
    for (JsonNode l : root.path("lessons")) {
      String id = l.path("id").asText();
      List<Step> steps = new ArrayList<>();
      int i = 0;
      for (JsonNode s : l.path("steps")) {
        String where = "lesson " + id + " step " + ++i;
        List<String> accepted = new ArrayList<>();
        for (JsonNode a : s.path("accepted")) accepted.add(a.asText());
        List<Wrong> wrong = new ArrayList<>();
        for (JsonNode w : s.path("wrong")) {
          String verdict = w.path("verdict").asText();
          if (!verdict.equals("refused") && !verdict.equals("worse")) throw new IllegalStateException(where + ": verdict must be refused or worse");
          wrong.add(new Wrong(w.path("play").asText(), verdict, Texts.of(w.get("why"), where)));
        }
        if (accepted.isEmpty()) throw new IllegalStateException(where + ": no accepted play");
        steps.add(new Step(s.path("rules").asText("modern"), s.path("position").asText(), s.path("dice").asText(),
            Texts.of(s.get("task"), where), accepted, wrong, Texts.of(s.get("explain"), where), s.path("margin").asDouble(0),
            s.path("stake").asInt(0)));
      }
      if (steps.isEmpty()) throw new IllegalStateException("lesson " + id + " has no step");
      out.add(new Lesson(id, Texts.of(l.get("title"), id), Texts.of(l.get("text"), id), steps));
    }
    return new Lessons(out);
  }
}
