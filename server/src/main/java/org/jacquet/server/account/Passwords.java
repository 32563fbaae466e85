package org.jacquet.server.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.text.Normalizer;
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
 *
 * <p>As NIST SP 800-63B asks: a password is text, normalised to NFKC before it is hashed (an
 * "é" typed as one character or as "e" and an accent is one password) and counted after it;
 * text that is no Unicode (a lone surrogate, which UTF-8 would turn into "?") and a password of
 * nothing visible (spaces, zero-width characters) are refused. Hashes stored before the
 * normalisation still match: when the normalised form does not, the password as typed is tried
 * too ({@link Match#LEGACY}: the caller stores a new hash of the normalised form).
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
    SHORT("short"), LONG("long"), CONTROL("control"), NOT_TEXT("not-text"), INVISIBLE("invisible");

    public final String code;

    Problem(String code) {
      this.code = code;
    }
  }

  private Passwords() {}

  /**
   * The problem with a new password: no Unicode text (a lone surrogate), fewer than 8 or more
   * than 128 characters once normalised, a control character, or nothing visible.
   */
  public static Optional<Problem> problem(String password) {
    if (password == null) return Optional.of(Problem.SHORT);
    if (password.length() > MAX_LENGTH * 2) return Optional.of(Problem.LONG); // before normalising: bounded work
    if (!wellFormed(password)) return Optional.of(Problem.NOT_TEXT);
    String n = normalise(password);
    int length = n.codePointCount(0, n.length());
    if (length < MIN_LENGTH) return Optional.of(Problem.SHORT);
    if (length > MAX_LENGTH) return Optional.of(Problem.LONG);
    if (n.codePoints().anyMatch(Character::isISOControl)) return Optional.of(Problem.CONTROL);
    if (n.codePoints().allMatch(Passwords::invisible)) return Optional.of(Problem.INVISIBLE);
    return Optional.empty();
  }

  /** NFKC, as NIST SP 800-63B advises: compatibility forms (full-width letters, ligatures) and composed or not, one text. */
  static String normalise(String password) {
    return Normalizer.normalize(password, Normalizer.Form.NFKC);
  }

  /** Whether every surrogate is paired: otherwise no Unicode text, and UTF-8 would make it a "?". */
  static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) i++;
      else if (Character.isSurrogate(c)) return false;
    }
    return true;
  }

  /** A character that shows nothing: a space of any kind, a zero-width or other format character, a Hangul or braille blank. */
  private static boolean invisible(int cp) {
    return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || Character.getType(cp) == Character.FORMAT
        || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 || cp == 0x2800;
  }

  /** The PHC string of {@code password}, normalised, with a new salt. */
  public static String hash(String password) {
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    byte[] out = argon2(normalise(password), salt, MEMORY_KIB, ITERATIONS, PARALLELISM);
    return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$" + B64.encodeToString(salt)
        + "$" + B64.encodeToString(out);
  }

  /** Whether a password matched its hash: not, as normalised, or only as typed (a hash stored before normalising). */
  public enum Match {
    NO, YES, LEGACY
  }

  /** Whether {@code password} matches {@code stored} ({@link #check}). */
  public static boolean matches(String password, String stored) {
    return check(password, stored) != Match.NO;
  }

  /**
   * Whether {@code password} matches {@code stored} (a PHC string, or null for an unknown name:
   * then a decoy is checked so the answer takes the same time, and it is {@code NO}). Its NFKC
   * form is checked first; when that differs from what was typed and does not match, the typed
   * form is checked too ({@code LEGACY}), for whatever account — the cost depends on the text
   * alone. No Unicode text never matches.
   */
  public static Match check(String password, String stored) {
    String bounded = password == null ? "" : password.substring(0, Math.min(password.length(), MAX_LENGTH * 2));
    boolean known = stored != null && wellFormed(bounded);
    String[] parts = (stored != null ? stored : DECOY).split("\\$");
    // "", "argon2id", "v=19", "m=…,t=…,p=…", salt, hash
    if (parts.length != 6 || !parts[1].equals("argon2id")) return Match.NO;
    int m = 0, t = 0, p = 0;
    for (String kv : parts[3].split(",")) {
      int value = Integer.parseInt(kv.substring(2));
      switch (kv.charAt(0)) {
        case 'm' -> m = value;
        case 't' -> t = value;
        case 'p' -> p = value;
        default -> {
          return Match.NO;
        }
      }
    }
    byte[] expected = B64D.decode(parts[5]);
    byte[] salt = B64D.decode(parts[4]);
    String normalised = normalise(bounded);
    if (MessageDigest.isEqual(expected, argon2(normalised, salt, m, t, p))) return known ? Match.YES : Match.NO;
    if (normalised.equals(bounded)) return Match.NO;
    return MessageDigest.isEqual(expected, argon2(bounded, salt, m, t, p)) && known ? Match.LEGACY : Match.NO;
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
