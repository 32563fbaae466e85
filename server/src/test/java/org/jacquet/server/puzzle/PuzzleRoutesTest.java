package org.jacquet.server.puzzle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The puzzle routes on a real server over the shipped modern set: every answer measured against the file. */
class PuzzleRoutesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<Puzzle> MODERN = PuzzleFile.shipped(Rules.MODERN, "modern");
  private final HttpClient http = HttpClient.newHttpClient();
  @TempDir Path dir;
  TestServer server;

  @BeforeEach
  void start() {
    server = TestServer.sqlite(dir, 0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private record Answer(int status, JsonNode body) {}

  private Answer get(String path) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.url(path))).build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), JSON.readTree(r.body()));
  }

  /** The answer to {@code steps} (a guest's), posted as the page posts it. */
  private Answer answer(String base, String steps) throws Exception {
    String body = JSON.createObjectNode().put("steps", steps).toString();
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.url(base + "/answer")))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), JSON.readTree(r.body()));
  }

  /** The steps of {@code play} in play notation, as the routes take them: {@code 1/4 4/9}, URL-encoded for a query. */
  private static String steps(Play play) {
    return play.steps().stream().map(s -> s.from() + "/" + (s.to() == 25 ? "off" : s.to())).collect(Collectors.joining(" "));
  }

  private static String query(String steps) {
    return java.net.URLEncoder.encode(steps, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Play playOf(Puzzle p, BenchmarkEntry.Candidate c) {
    LegalPlays legal = PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice());
    return legal.leadingTo(c.result()).orElseThrow();
  }

  @Test
  void theDailyPuzzleIsTheSameForEveryoneOnADateAndMovesOnTheNext() throws Exception {
    assertThat(MODERN).hasSizeGreaterThan(1);
    Answer day = get("/api/puzzles/daily?date=2027-03-14");
    assertThat(day.status()).isEqualTo(200);
    assertThat(get("/api/puzzles/daily?date=2027-03-14").body()).isEqualTo(day.body());
    int expected = MODERN.get(PuzzleShelf.dailyIndex(LocalDate.of(2027, 3, 14), MODERN.size())).index();
    assertThat(day.body().get("index").asInt()).isEqualTo(expected);
    assertThat(day.body().get("date").asText()).isEqualTo("2027-03-14");
    assertThat(get("/api/puzzles/daily?date=2027-03-15").body().get("index").asInt()).isNotEqualTo(expected);
    // The board is a game's turn for the side to move: its dice and where each checker may go.
    JsonNode state = day.body().get("state");
    Puzzle p = MODERN.stream().filter(x -> x.index() == expected).findFirst().orElseThrow();
    assertThat(state.get("you").asText()).isEqualTo(p.position().turn().key());
    assertThat(state.get("dice").get("text").asText()).isEqualTo(p.dice().toString());
    assertThat(state.get("moves").size()).isPositive();
    assertThat(state.get("complete").asBoolean()).isFalse();
    // From the first day on, the set's puzzles in their order: a set that grows keeps its days.
    assertThat(get("/api/puzzles/daily?date=2026-11-26").body().get("index").asInt()).isEqualTo(MODERN.get(0).index());
    assertThat(get("/api/puzzles/daily?date=2026-11-27").body().get("index").asInt()).isEqualTo(MODERN.get(1).index());
    assertThat(PuzzleShelf.dailyIndex(LocalDate.of(2026, 11, 26).plusDays(MODERN.size()), MODERN.size())).isZero();
    assertThat(get("/api/puzzles/daily").body().get("date").asText()).isEqualTo(LocalDate.now(java.time.ZoneOffset.UTC).toString());
  }

  @Test
  void theBestPlaySolvesItAnotherDoesNotAndEachAnswerIsAnEvent() throws Exception {
    List<PuzzleResult> results = new CopyOnWriteArrayList<>();
    server.web.puzzles().onResult(results::add);
    Puzzle p = MODERN.get(0);
    String base = "/api/puzzles/modern/" + p.index();
    Play best = playOf(p, p.best());
    Answer right = answer(base, steps(best));
    assertThat(right.status()).as(right.body().toString()).isEqualTo(200);
    assertThat(right.body().get("solved").asBoolean()).isTrue();
    JsonNode candidates = right.body().get("candidates");
    assertThat(candidates).hasSize(p.candidates().size());
    for (int i = 0; i < p.candidates().size(); i++) {
      BenchmarkEntry.Candidate c = p.candidates().get(i);
      assertThat(candidates.get(i).get("play").asText()).isEqualTo(playOf(p, c).notation());
      assertThat(candidates.get(i).get("equity").asDouble()).isEqualTo(c.equity());
      assertThat(candidates.get(i).get("halfWidth").asDouble()).isEqualTo(1.96 * c.standardError());
      assertThat(candidates.get(i).get("best").asBoolean()).isEqualTo(i == 0);
      assertThat(candidates.get(i).get("yours").asBoolean()).isEqualTo(i == 0);
    }
    Play second = playOf(p, p.candidates().get(1));
    Answer wrong = answer(base, steps(second));
    assertThat(wrong.body().has("rating")).as("a guest's answer is not rated").isFalse();
    assertThat(wrong.body().get("solved").asBoolean()).isFalse();
    assertThat(wrong.body().get("play").asText()).isEqualTo(second.notation());
    assertThat(wrong.body().get("candidates").get(1).get("yours").asBoolean()).isTrue();
    assertThat(results).extracting(PuzzleResult::solved).containsExactly(true, false);
    assertThat(results).extracting(PuzzleResult::index).containsOnly(p.index());

    // Step by step, as the board sends them: the state follows, complete at the last step.
    String sofar = "";
    for (var s : best.steps()) {
      sofar += (sofar.isEmpty() ? "" : " ") + s.from() + "/" + (s.to() == 25 ? "off" : s.to());
      JsonNode state = get(base + "?steps=" + query(sofar)).body().get("state");
      assertThat(state.get("steps")).hasSize(sofar.split(" ").length);
    }
    assertThat(get(base + "?steps=" + query(sofar)).body().get("state").get("complete").asBoolean()).isTrue();
    // Commas read as spaces, as in a typed play.
    assertThat(get(base + "?steps=" + query(sofar.replace(' ', ','))).body().get("state").get("complete").asBoolean()).isTrue();
  }

  @Test
  void aRandomPuzzleHasTheThemeAskedFor() throws Exception {
    for (Theme t : Theme.values()) {
      long having = MODERN.stream().filter(p -> p.themes().contains(t)).count();
      Answer a = get("/api/puzzles/random?rules=modern&theme=" + t.key());
      if (having == 0) {
        assertThat(a.status()).isEqualTo(404);
        assertThat(a.body().get("code").asText()).isEqualTo("no-puzzle");
        continue;
      }
      assertThat(a.status()).isEqualTo(200);
      assertThat(a.body().get("themes").toString()).contains("\"" + t.key() + "\"");
    }
    int first = MODERN.get(0).index();
    for (int i = 0; i < 5; i++) {
      assertThat(get("/api/puzzles/random?rules=modern&not=" + first).body().get("index").asInt()).isNotEqualTo(first);
    }
  }

  @Test
  void everyParameterIsCheckedAndRefusedWithACodeNamingIt() throws Exception {
    Puzzle p = MODERN.get(0);
    String base = "/api/puzzles/modern/" + p.index();
    assertRefused("/api/puzzles/daily?date=2027-02-30", 400, "bad-date");
    assertRefused("/api/puzzles/daily?date=1999-12-31", 400, "bad-date");
    assertRefused("/api/puzzles/daily?date=" + "9".repeat(500), 400, "bad-date");
    assertRefused("/api/puzzles/random?theme=primes", 400, "bad-theme");
    assertRefused("/api/puzzles/random?rules=backgammon", 400, "bad-puzzle-set");
    assertRefused("/api/puzzles/chess/1", 400, "bad-puzzle-set");
    assertRefused("/api/puzzles/modern/999999999", 404, "no-puzzle");
    assertRefused("/api/puzzles/modern/-1", 404, "no-puzzle");
    assertRefused(base + "?steps=" + query("1/4 4"), 400, "bad-steps");
    assertRefused(base + "?steps=1-4,4-9", 400, "bad-steps"); // the old dash form is no more
    assertRefused(base + "?steps=0/4", 400, "bad-steps");
    assertRefused(base + "?steps=" + query("1/4(9)"), 400, "bad-steps");
    assertRefused(base + "?steps=24/2", 400, "backward");
    Answer none = answer(base, "");
    assertThat(none.status()).isEqualTo(400);
    assertThat(none.body().get("code").asText()).isEqualTo("puzzle-incomplete");
    // A step the rules refuse answers the rule's own code, as in a game.
    Answer step = get(base + "?steps=" + PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice()).plays().get(0).steps().get(0).from()
        + "/off");
    assertThat(step.status()).isEqualTo(400);
    assertThat(step.body().get("code").asText()).isNotBlank();
  }

  private void assertRefused(String path, int status, String code) throws Exception {
    Answer a = get(path);
    assertThat(a.status()).as(path + " " + a.body()).isEqualTo(status);
    assertThat(a.body().get("code").asText()).as(path).isEqualTo(code);
  }
}
