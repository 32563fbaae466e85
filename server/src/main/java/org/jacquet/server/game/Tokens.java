package org.jacquet.server.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Unguessable identifiers, seat tokens and seeds, and the SHA-256 hashes that stand for them. */
public final class Tokens {
  private static final SecureRandom RANDOM = new SecureRandom();

  private Tokens() {}

  /** 128 random bits, URL-safe: a seat token (the secret part of an invitation link). */
  public static String token() {
    byte[] b = new byte[16];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** 72 random bits, URL-safe: a game id (public: anyone with it may watch). */
  public static String gameId() {
    byte[] b = new byte[9];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  public static long seed() {
    return RANDOM.nextLong();
  }

  /** Hex SHA-256 of the text. */
  public static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The published commitment to a dice seed: SHA-256 of its decimal text. */
  public static String seedHash(long seed) {
    return sha256(Long.toString(seed));
  }
}
