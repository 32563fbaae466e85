package org.jacquet.server.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Account passwords, hashed with Argon2id (Bouncy Castle) at OWASP's recommended minimum —
 * 19 MiB of memory, 2 passes, 1 lane — with a 16-byte random salt, stored in the PHC string
 * form ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash}) so the cost can be raised later and
 * old hashes still checked. A password is bounded before it is hashed ({@link #MAX_LENGTH}), so
 * a 100 KB password costs what any other does.
 */
public final class Passwords {
  public static final int MIN_LENGTH = 8;
  public static final int MAX_LENGTH = 128;
  static final int MEMORY_KIB = 19 * 1024;
  static final int ITERATIONS = 2;
  static final int PARALLELISM = 1;
  private static final int SALT_BYTES = 16;
  private static final int HASH_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();
  /** Argon2 computations so far: tests check an unknown name costs one, as a wrong password does. */
  private static final java.util.concurrent.atomic.AtomicLong COMPUTED = new java.util.concurrent.atomic.AtomicLong();
  private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
  private static final Base64.Decoder B64D = Base64.getDecoder();
  /** Checked against when the name is unknown, so an unknown name and a wrong password take the same time. */
  private static final String DECOY = hash("decoy password, never anyone's");

  /** Why a new password is refused (the refusal's {@code reason}), or empty: it may be used. */
  public enum Problem {
    SHORT("short"), LONG("long"), CONTROL("control");

    public final String code;

    Problem(String code) {
      this.code = code;
    }
  }

  private Passwords() {}

  /** The problem with a new password: fewer than 8 or more than 128 characters, or a control character. */
  public static Optional<Problem> problem(String password) {
    if (password == null || password.codePointCount(0, password.length()) < MIN_LENGTH) return Optional.of(Problem.SHORT);
    if (password.length() > MAX_LENGTH * 2 || password.codePointCount(0, password.length()) > MAX_LENGTH)
      return Optional.of(Problem.LONG);
    if (password.codePoints().anyMatch(Character::isISOControl)) return Optional.of(Problem.CONTROL);
    return Optional.empty();
  }

  /** The PHC string of {@code password} with a new salt. */
  public static String hash(String password) {
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    byte[] out = argon2(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM);
    return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$" + B64.encodeToString(salt)
        + "$" + B64.encodeToString(out);
  }

  /**
   * Whether {@code password} matches {@code stored} (a PHC string, or null for an unknown name:
   * then a decoy is checked so the answer takes the same time, and it is false).
   */
  public static boolean matches(String password, String stored) {
    boolean known = stored != null;
    String[] parts = (known ? stored : DECOY).split("\\$");
    // "", "argon2id", "v=19", "m=…,t=…,p=…", salt, hash
    if (parts.length != 6 || !parts[1].equals("argon2id")) return false;
    int m = 0, t = 0, p = 0;
    for (String kv : parts[3].split(",")) {
      int value = Integer.parseInt(kv.substring(2));
      switch (kv.charAt(0)) {
        case 'm' -> m = value;
        case 't' -> t = value;
        case 'p' -> p = value;
        default -> {
          return false;
        }
      }
    }
    byte[] expected = B64D.decode(parts[5]);
    String bounded = password == null ? "" : password.substring(0, Math.min(password.length(), MAX_LENGTH * 2));
    byte[] actual = argon2(bounded, B64D.decode(parts[4]), m, t, p);
    return MessageDigest.isEqual(expected, actual) && known;
  }

  static long computed() {
    return COMPUTED.get();
  }

  private static byte[] argon2(String password, byte[] salt, int memoryKib, int iterations, int parallelism) {
    COMPUTED.incrementAndGet();
    Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
        .withVersion(Argon2Parameters.ARGON2_VERSION_13).withSalt(salt)
        .withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(parallelism).build();
    Argon2BytesGenerator generator = new Argon2BytesGenerator();
    generator.init(params);
    byte[] out = new byte[HASH_BYTES];
    generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
    return out;
  }
}
