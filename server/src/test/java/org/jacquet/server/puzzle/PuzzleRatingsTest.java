package org.jacquet.server.puzzle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.Postgres;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Puzzle ratings over real HTTP, on SQLite and on PostgreSQL: a signed-in player's first answer
 * to a puzzle offered to it moves its rating and the puzzle's as one Glicko-2 game; a second
 * answer, an answer to a puzzle never offered, a forged or cross-site answer and a guest's move
 * nothing; the next puzzle is drawn near the player's rating; the profile shows it.
 */
class PuzzleRatingsTest {
  private static final List<Puzzle> MODERN = PuzzleFile.shipped(Rules.MODERN, "modern");
  private final HttpClient http = HttpClient.newHttpClient();
  @TempDir Path dir;

  @Test
  void onSqlite() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      everything(s);
    }
  }

  @Test
  void onPostgres() throws Exception {
    try (Postgres pg = Postgres.fresh();
        TestServer s = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0)) {
      everything(s);
    }
  }

  private record Answer(int status, JsonNode body) {}

  private Answer send(TestServer s, String method, String path, String body, String cookie, String origin) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(s.url(path))).method(method,
        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) b.header("Content-Type", "application/json");
    if (cookie != null) b.header("Cookie", "jacquet_session=" + cookie);
    if (origin != null) b.header("Origin", origin);
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), WsClient.JSON.readTree(r.body()));
  }

  private String signUp(TestServer s, String name) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(s.url("/api/account/signup")))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\",\"password\":\"a long password\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
    return cookie.substring("jacquet_session=".length(), cookie.indexOf(';'));
  }

  private Answer answer(TestServer s, Puzzle p, Play play, String cookie) throws Exception {
    return send(s, "POST", "/api/puzzles/modern/" + p.index() + "/answer", WsClient.JSON.createObjectNode()
        .put("steps", steps(play)).toString(), cookie, s.url(""));
  }

  private static String steps(Play play) {
    return play.steps().stream().map(x -> x.from() + "/" + (x.to() == 25 ? "off" : x.to())).collect(Collectors.joining(" "));
  }

  private static Play best(Puzzle p) {
    return PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice()).leadingTo(p.best().result()).orElseThrow();
  }

  private static Play second(Puzzle p) {
    return PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice()).leadingTo(p.candidates().get(1).result()).orElseThrow();
  }

  private static Puzzle byIndex(int index) {
    return MODERN.stream().filter(p -> p.index() == index).findFirst().orElseThrow();
  }

  private JsonNode profilePuzzles(TestServer s, String name) throws Exception {
    return send(s, "GET", "/api/players/" + name, null, null, null).body().get("puzzles");
  }

  private void everything(TestServer s) throws Exception {
    String ann = signUp(s, "Ann");
    String bob = signUp(s, "Bob");

    // The daily puzzle, offered to Ann; her first answer (the best play) is one rated game she wins.
    Answer daily = send(s, "GET", "/api/puzzles/daily?date=2027-01-05", null, ann, null);
    assertThat(daily.body().get("player").get("rating").asInt()).isEqualTo(1500);
    assertThat(daily.body().get("player").get("provisional").asBoolean()).isTrue();
    Puzzle p = byIndex(daily.body().get("index").asInt());
    Glicko2.Rating puzzleStart = PuzzleRatings.start(p);
    Glicko2.Rating annAfter = Glicko2.next(Glicko2.START, List.of(new Glicko2.Result(puzzleStart, 1)));
    Glicko2.Rating puzzleAfter = Glicko2.next(puzzleStart, List.of(new Glicko2.Result(Glicko2.START, 0)));
    JsonNode rated = answer(s, p, best(p), ann).body().get("rating");
    assertThat(rated.get("rated").asBoolean()).as(rated.toString()).isTrue();
    assertThat(rated.get("before").asLong()).isEqualTo(1500);
    assertThat(rated.get("after").asLong()).isEqualTo(Math.round(annAfter.rating())).isGreaterThan(1500);
    assertThat(rated.get("puzzle").asLong()).isEqualTo(Math.round(puzzleAfter.rating())).isLessThan(Math.round(puzzleStart.rating()));
    assertThat(profilePuzzles(s, "Ann").get("rating").asLong()).isEqualTo(Math.round(annAfter.rating()));
    assertThat(profilePuzzles(s, "Ann").get("attempts").asInt()).isEqualTo(1);
    assertThat(profilePuzzles(s, "Ann").get("solved").asInt()).isEqualTo(1);

    // A second answer to the same puzzle, even another play: judged and shown, but not rated.
    JsonNode again = answer(s, p, second(p), ann).body();
    assertThat(again.get("solved").asBoolean()).isFalse();
    assertThat(again.get("rating").get("rated").asBoolean()).isFalse();
    assertThat(again.get("rating").get("why").asText()).isEqualTo("puzzle-tried");
    assertThat(profilePuzzles(s, "Ann").get("rating").asLong()).isEqualTo(Math.round(annAfter.rating()));

    // A puzzle Ann only looked up by its number was never offered: her answer is not rated.
    Puzzle other = MODERN.stream().filter(x -> x.index() != p.index()).findFirst().orElseThrow();
    assertThat(send(s, "GET", "/api/puzzles/modern/" + other.index(), null, ann, null).body().get("player")).isNotNull();
    JsonNode unoffered = answer(s, other, best(other), ann).body().get("rating");
    assertThat(unoffered.get("rated").asBoolean()).isFalse();
    assertThat(unoffered.get("why").asText()).isEqualTo("puzzle-not-offered");
    assertThat(profilePuzzles(s, "Ann").get("attempts").asInt()).isEqualTo(1);

    // Bob is offered the same daily puzzle. What the page might forge is refused: the server judges the steps.
    send(s, "GET", "/api/puzzles/daily?date=2027-01-05", null, bob, null);
    String forged = WsClient.JSON.createObjectNode().put("steps", steps(best(p))).put("solved", true).toString();
    Answer forgedAnswer = send(s, "POST", "/api/puzzles/modern/" + p.index() + "/answer", forged, bob, s.url(""));
    assertThat(forgedAnswer.status()).isEqualTo(400);
    assertThat(forgedAnswer.body().get("code").asText()).isEqualTo("unknown-field");
    Answer half = send(s, "POST", "/api/puzzles/modern/" + p.index() + "/answer",
        WsClient.JSON.createObjectNode().put("steps", steps(best(p)).split(" ")[0]).toString(), bob, s.url(""));
    assertThat(half.body().get("code").asText()).isEqualTo("puzzle-incomplete");
    // Another site's page posting with Bob's cookie: refused before anything is judged.
    Answer crossSite = send(s, "POST", "/api/puzzles/modern/" + p.index() + "/answer",
        WsClient.JSON.createObjectNode().put("steps", steps(second(p))).toString(), bob, "https://evil.example");
    assertThat(crossSite.status()).isEqualTo(403);
    assertThat(profilePuzzles(s, "Bob").get("attempts").asInt()).isZero();

    // Bob's first real answers, twice at once (a double click): exactly one is rated, a loss against the puzzle as Ann left it.
    List<CompletableFuture<HttpResponse<String>>> both = new java.util.ArrayList<>();
    for (int i = 0; i < 2; i++) {
      both.add(http.sendAsync(HttpRequest.newBuilder(URI.create(s.url("/api/puzzles/modern/" + p.index() + "/answer")))
          .header("Cookie", "jacquet_session=" + bob).header("Origin", s.url("")).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(WsClient.JSON.createObjectNode().put("steps", steps(second(p))).toString()))
          .build(), HttpResponse.BodyHandlers.ofString()));
    }
    int ratedCount = 0;
    for (var f : both) {
      JsonNode r = WsClient.JSON.readTree(f.get().body()).get("rating");
      if (r.get("rated").asBoolean()) {
        ratedCount++;
        Glicko2.Rating bobAfter = Glicko2.next(Glicko2.START, List.of(new Glicko2.Result(puzzleAfter, 0)));
        assertThat(r.get("after").asLong()).isEqualTo(Math.round(bobAfter.rating())).isLessThan(1500);
        Glicko2.Rating puzzleThen = Glicko2.next(puzzleAfter, List.of(new Glicko2.Result(Glicko2.START, 1)));
        assertThat(r.get("puzzle").asLong()).isEqualTo(Math.round(puzzleThen.rating()));
      } else {
        assertThat(r.get("why").asText()).isEqualTo("puzzle-tried");
      }
    }
    assertThat(ratedCount).isEqualTo(1);
    assertThat(profilePuzzles(s, "Bob").get("attempts").asInt()).isEqualTo(1);
    assertThat(profilePuzzles(s, "Bob").get("solved").asInt()).isZero();

    // A guest is judged, never rated.
    Answer guest = send(s, "POST", "/api/puzzles/modern/" + p.index() + "/answer",
        WsClient.JSON.createObjectNode().put("steps", steps(best(p))).toString(), null, null);
    assertThat(guest.body().get("solved").asBoolean()).isTrue();
    assertThat(guest.body().has("rating")).isFalse();
    assertThat(guest.body().has("player")).isFalse();

    nextPuzzlesAreNearTheRatingAndNew(s, bob, Math.round(Glicko2.next(Glicko2.START,
        List.of(new Glicko2.Result(puzzleAfter, 0))).rating()), Set.of(p.index()));
  }

  /** Each next puzzle offered: one not answered yet, in the narrowest reach of the rating that holds any. */
  private void nextPuzzlesAreNearTheRatingAndNew(TestServer s, String cookie, long rating, Set<Integer> answered) throws Exception {
    for (int i = 0; i < 6; i++) {
      JsonNode next = send(s, "GET", "/api/puzzles/random?rules=modern", null, cookie, null).body();
      int index = next.get("index").asInt();
      assertThat(answered).doesNotContain(index);
      double reach = PuzzleRatings.NEAR;
      while (true) {
        double r = reach;
        boolean any = MODERN.stream().anyMatch(x -> !answered.contains(x.index()) && Math.abs(PuzzleRatings.start(x).rating() - rating) <= r);
        if (any) break;
        reach *= 2;
      }
      assertThat(PuzzleRatings.start(byIndex(index)).rating()).as("puzzle " + index).isCloseTo(rating, within(reach + 1));
    }
  }
}
