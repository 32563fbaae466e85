package org.jacquet.engine.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The commitment to a dice seed shown before a game starts: SHA-256 of the seed's decimal text,
 * in lower-case hex. Revealing the seed at the end lets anyone check the dice were fixed in
 * advance ({@code jacquet verify}); the server and the terminal game publish the same hash.
 */
public final class SeedHash {
  private SeedHash() {}

  public static String of(long seed) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(Long.toString(seed).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
