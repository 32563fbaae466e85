package org.jacquet.server.limits;

/**
 * What one client may ask of the server (see docs/PROTOCOL.md, "Limits"). Rates are per client
 * address; {@code queueBytes} bounds what may wait to be written to one socket before it is
 * dropped as too slow; {@code connectsPerMinute} bounds the sockets an address may open (a
 * reconnect loop), whatever it asks for on them.
 */
public record Limits(int gamesPerMinute, int analysesPerMinute, int reviewsPerMinute, int reviewQueue,
    int messagesPerSecond, int socketsPerAddress, int spectatorsPerGame, int queueBytes, int windowSeconds,
    int connectsPerMinute, int connectionsPerAddress, int maxConnections) {

  /** Sockets an address may open per minute by default: a page reconnecting waits up to 5 s between tries. */
  public static final int CONNECTS_PER_MINUTE = 120;
  /** Open TCP connections per address by default (HTTP keep-alives and sockets together). */
  public static final int CONNECTIONS_PER_ADDRESS = 256;
  /** Open TCP connections in all by default: well under the usual file limit, so the database keeps its files. */
  public static final int MAX_CONNECTIONS = 10_000;

  public static Limits defaults() {
    return new Limits(30, 20, 60, 16, 20, 64, 200, 128 * 1024);
  }

  /** With the usual one-minute window for the per-minute rates and the default sockets opened per minute. */
  public Limits(int gamesPerMinute, int analysesPerMinute, int reviewsPerMinute, int reviewQueue, int messagesPerSecond,
      int socketsPerAddress, int spectatorsPerGame, int queueBytes) {
    this(gamesPerMinute, analysesPerMinute, reviewsPerMinute, reviewQueue, messagesPerSecond, socketsPerAddress,
        spectatorsPerGame, queueBytes, 60, CONNECTS_PER_MINUTE, CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS);
  }

  /** The same limits with the per-minute rates counted over {@code seconds} instead (tests). */
  public Limits window(int seconds) {
    return new Limits(gamesPerMinute, analysesPerMinute, reviewsPerMinute, reviewQueue, messagesPerSecond, socketsPerAddress,
        spectatorsPerGame, queueBytes, seconds, connectsPerMinute, connectionsPerAddress, maxConnections);
  }

  /** The same limits with at most {@code perMinute} sockets opened per address per window. */
  public Limits connects(int perMinute) {
    return new Limits(gamesPerMinute, analysesPerMinute, reviewsPerMinute, reviewQueue, messagesPerSecond, socketsPerAddress,
        spectatorsPerGame, queueBytes, windowSeconds, perMinute, connectionsPerAddress, maxConnections);
  }

  /** The same limits with at most {@code perAddress} TCP connections open per address and {@code total} in all. */
  public Limits connections(int perAddress, int total) {
    return new Limits(gamesPerMinute, analysesPerMinute, reviewsPerMinute, reviewQueue, messagesPerSecond, socketsPerAddress,
        spectatorsPerGame, queueBytes, windowSeconds, connectsPerMinute, perAddress, total);
  }

  /**
   * Reviews one address may have running or waiting: a quarter of the queue (at least 1), so
   * that others still find room when one address fills its share.
   */
  public int reviewShare() {
    return Math.max(1, reviewQueue / 4);
  }

  public Limits {
    if (gamesPerMinute < 1 || analysesPerMinute < 1 || reviewsPerMinute < 1 || reviewQueue < 1 || messagesPerSecond < 1
        || socketsPerAddress < 1 || spectatorsPerGame < 1 || queueBytes < 4096 || windowSeconds < 1 || connectsPerMinute < 1
        || connectionsPerAddress < 1 || maxConnections < 1) {
      throw new IllegalArgumentException("every limit must be at least 1 (the outbound queue at least 4096 bytes)");
    }
  }
}
