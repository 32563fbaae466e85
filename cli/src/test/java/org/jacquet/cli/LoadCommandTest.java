package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jacquet load} against a real {@code jacquet serve} on loopback: every game played to its
 * end and stored when the server allows the connections the seats need; and when it does not,
 * a run that ends naming the server's per-address limits, not one that stalls in silence (the
 * seats the server refused at their handshake used to wait for ever).
 */
class LoadCommandTest extends ConsoleCapture {
  @TempDir Path dir;

  /** A server in its own process (its own limits), on a free port; stopped by closing. */
  private static ServeProcess server(Path data, String... limits) throws Exception {
    List<String> options = new java.util.ArrayList<>(List.of("--data", data.toString(), "--limit-connects", "100000"));
    if (!List.of(limits).contains("--limit-games")) options.addAll(List.of("--limit-games", "1000"));
    options.addAll(List.of(limits));
    ServeProcess server = ServeProcess.start(java.util.Map.of(), options.toArray(String[]::new));
    assertThat(server.listening).as("the server started: " + server.output).isTrue();
    return server;
  }

  @Test
  void everyGameIsPlayedToItsEndAndStoredWhenTheServerAllowsTheSeats() throws Exception {
    try (ServeProcess server = server(dir.resolve("ok"), "--limit-connections", "100", "--limit-sockets", "100")) {
      assertThat(run("load", "--url", server.url, "--games", "6", "--think-ms", "0", "--timeout-seconds", "60", "--json"))
          .as(err()).isZero();
      var o = Json.MAPPER.readTree(out());
      assertThat(o.get("games_finished").asInt()).isEqualTo(6);
      assertThat(o.get("games_with_lost_actions").asInt()).isZero();
      assertThat(o.get("actions_stored").asInt()).isEqualTo(o.get("actions_acknowledged").asInt()).isPositive();
    }
  }

  @Test
  void seatsPastTheServersConnectionsPerAddressEndTheRunNamingTheLimits() throws Exception {
    // 6 games are 12 seats; the server allows 8 connections per address.
    try (ServeProcess server = server(dir.resolve("few"), "--limit-connections", "8", "--limit-sockets", "100")) {
      assertThat(run("load", "--url", server.url, "--games", "6", "--think-ms", "0", "--timeout-seconds", "8", "--json"))
          .isEqualTo(1);
      assertThat(Json.MAPPER.readTree(out()).get("seat_reconnects").asInt()).isPositive();
      assertThat(err()).contains("did not finish within --timeout-seconds 8").contains("--limit-connections and --limit-sockets per address");
    }
  }

  @Test
  void gamesPastTheServersCreationLimitEndTheRunNamingTheOption() throws Exception {
    // 4 games a minute allowed, 6 asked: the fifth is refused. It crashed the command (an
    // internal error, the answer read as a game).
    try (ServeProcess server = server(dir.resolve("budget"), "--limit-games", "4")) {
      assertThat(run("load", "--url", server.url, "--games", "6", "--think-ms", "0", "--timeout-seconds", "8"))
          .isEqualTo(1);
      assertThat(err()).contains("refused game 5 of 6: too many games").contains("--limit-games 6 or more")
          .doesNotContain("internal error");
    }
  }

  @Test
  void theLobbyScenarioMeasuresEachSideOfEveryMeetingAndItsCost() throws Exception {
    try (ServeProcess server = server(dir.resolve("lobby"))) {
      assertThat(run("load", "--url", server.url, "--lobby", "--lobby-clients", "6", "--challenges-per-minute", "60",
          "--pairs-per-minute", "0", "--lobby-seconds", "3", "--json")).as(err()).isZero();
      var o = Json.MAPPER.readTree(out());
      assertThat(o.get("accept_to_both_count").asInt()).isPositive().isEqualTo(o.get("challenges_accepted").asInt());
      assertThat(o.get("lost").asInt()).isZero();
      assertThat(o.get("accepted_twice").asInt()).isZero();
      // Both players had the game by the later of the two: the taker's answer and the poster's start.
      double both = o.get("accept_to_both_max_ms").asDouble();
      assertThat(both).isGreaterThanOrEqualTo(o.get("taker_answer_max_ms").asDouble())
          .isGreaterThanOrEqualTo(o.get("poster_start_max_ms").asDouble());
      assertThat(o.get("poster_start_p50_ms").asDouble()).isPositive();
      assertCpuFigures(o);
    }
  }

  /** What a run cost: CPU seconds on both sides, and the machine it ran on. */
  private static void assertCpuFigures(com.fasterxml.jackson.databind.JsonNode o) {
    assertThat(o.get("server_cpu_seconds").asDouble()).isPositive();
    assertThat(o.get("client_cpu_seconds").asDouble()).isPositive();
    assertThat(o.get("cores").asInt()).isPositive();
    assertThat(o.has("load_average_start") && o.has("load_average_end")).isTrue();
  }

  @Test
  void analysesFromManyAddressesAreCountedWithTheServersCpuTimeWhileAGameIsPlayed() throws Exception {
    try (ServeProcess server = server(dir.resolve("analyses"), "--limit-connections", "100", "--limit-sockets", "100")) {
      assertThat(run("load", "--url", server.url, "--games", "1", "--think-ms", "0", "--analyses-from", "3", "--analyses-each", "4",
          "--timeout-seconds", "120", "--json")).as(err()).isZero();
      var o = Json.MAPPER.readTree(out());
      assertThat(o.get("games_finished").asInt()).isEqualTo(1);
      assertThat(o.get("analyses_asked").asInt()).isEqualTo(12);
      // Each address's questions come at once: one runs, the others are busy until it is done.
      assertThat(o.get("analyses_answered").asInt()).as(o.toString()).isBetween(3, 12);
      assertThat(o.get("analyses_answered").asInt() + o.get("analyses_busy").asInt()).as(o.toString()).isEqualTo(12);
      assertThat(o.get("server_pid").asLong()).as("the process listening on the port").isEqualTo(server.process.pid());
      assertThat(o.get("analyses_server_cpu_seconds").asDouble()).isPositive();
    }
  }

  /**
   * A sign-up flood from three addresses while a game is played: the game ends, every sign-up is
   * answered — made, or refused for the limits or the full hash pool, nothing else — and no
   * address made more than its 20 an hour.
   */
  @Test
  void aSignUpFloodIsCountedWhileAGameIsPlayedAndTheLimitsHold() throws Exception {
    try (ServeProcess server = server(dir.resolve("sign-ups"), "--limit-connections", "100", "--limit-sockets", "100")) {
      assertThat(run("load", "--url", server.url, "--games", "1", "--think-ms", "20", "--sign-ups-from", "3", "--sign-ups-each", "2",
          "--timeout-seconds", "120", "--json")).as(err()).isZero();
      var o = Json.MAPPER.readTree(out());
      assertThat(o.get("games_finished").asInt()).isEqualTo(1);
      assertThat(o.get("sign_up_connections").asInt()).isEqualTo(6);
      assertThat(o.get("sign_ups_other").asInt()).as(o.toString()).isZero();
      assertThat(o.get("sign_ups_made").asInt()).as(o.toString()).isBetween(1, 60);
      assertThat(o.get("sign_ups_made").asInt() + o.get("sign_ups_busy").asInt()).as("20 an hour per address").isLessThanOrEqualTo(60);
      // The flood starts once the seats are connecting: nearly every action meets it.
      assertThat(o.get("actions_during_sign_ups").asInt()).isPositive().isLessThanOrEqualTo(o.get("actions_acknowledged").asInt());
      assertThat(o.get("round_trip_during_sign_ups_p99_ms").asDouble()).isPositive();
    }
  }

  @Test
  void timedGamesAllEndOnTimeNoneEarlyAndFastClocksNeedTheServersLeave() throws Exception {
    try (ServeProcess server = server(dir.resolve("timed"), "--fast-clocks", "--limit-connections", "100", "--limit-sockets", "100")) {
      assertThat(run("load", "--url", server.url, "--timed", "--games", "4", "--time", "0+1", "--think-ms", "0",
          "--timeout-seconds", "60", "--json")).as(err()).isZero();
      var o = Json.MAPPER.readTree(out());
      assertThat(o.get("flags_seen").asInt()).isEqualTo(4);
      assertThat(o.get("flags_early").asInt()).isZero();
      assertThat(o.get("flag_late_min_ms").asLong()).isNotNegative();
      assertThat(o.get("flags_measured").asInt() + o.get("flags_unmeasured").asInt()).isEqualTo(4);
      // The server's own figures: its timers declared the flags no player's late move did, each after it was due.
      assertThat(o.get("server_flags_declared").asInt()).isBetween(1, 4);
      assertThat(o.get("server_flag_late_max_ms").asDouble()).isGreaterThanOrEqualTo(o.get("server_flag_late_p50_ms").asDouble())
          .isNotNegative();
      assertCpuFigures(o);
    }
    try (ServeProcess slow = server(dir.resolve("people"), "--limit-connections", "100")) {
      assertThat(run("load", "--url", slow.url, "--timed", "--games", "1", "--time", "0+1", "--json")).isEqualTo(1);
      assertThat(err()).contains("--fast-clocks");
    }
  }
}
