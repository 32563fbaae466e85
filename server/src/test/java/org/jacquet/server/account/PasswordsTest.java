package org.jacquet.server.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.bouncycastle.util.encoders.Hex;
import org.junit.jupiter.api.Test;

class PasswordsTest {
  @Test
  void aHashMatchesItsPasswordAndNoOther() {
    String stored = Passwords.hash("correct horse battery");
    assertThat(stored).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
    assertThat(Passwords.matches("correct horse battery", stored)).isTrue();
    assertThat(Passwords.matches("correct horse batterY", stored)).isFalse();
    assertThat(Passwords.matches("", stored)).isFalse();
    assertThat(Passwords.hash("correct horse battery")).isNotEqualTo(stored); // salted
  }

  @Test
  void anUnknownNameNeverMatchesEvenTheDecoysPassword() {
    assertThat(Passwords.matches("decoy password, never anyone's", null)).isFalse();
  }

  @Test
  void newPasswordsAreBoundedBeforeHashing() {
    assertThat(Passwords.problem("short")).contains(Passwords.Problem.SHORT);
    assertThat(Passwords.problem("x".repeat(100_000))).contains(Passwords.Problem.LONG);
    assertThat(Passwords.problem("good pass\u0000word")).contains(Passwords.Problem.CONTROL);
    assertThat(Passwords.problem("mot de passe très sûr")).isEmpty();
  }

  @Test
  void passwordsAreUnicodeTextCountedOnceNormalised() {
    // Lone surrogates are no text: UTF-8 made each a "?", so that these three were one password.
    assertThat(Passwords.problem("abcdefg\uD800")).contains(Passwords.Problem.NOT_TEXT);
    assertThat(Passwords.problem("abcdefg\uDFFF")).contains(Passwords.Problem.NOT_TEXT);
    assertThat(Passwords.problem("\uDFFF\uD800abcdefg")).contains(Passwords.Problem.NOT_TEXT);
    assertThat(Passwords.problem("abcdefg?")).isEmpty();
    assertThat(Passwords.problem("abcdefg\uD83D\uDE00")).as("a pair is a character (an emoji)").isEmpty();
    String stored = Passwords.hash("abcdefg?");
    assertThat(Passwords.matches("abcdefg\uD800", stored)).isFalse();
    assertThat(Passwords.matches("abcdefg\uDFFF", stored)).isFalse();
    // Nothing visible: spaces, zero-width and other format characters, ideographic and no-break spaces.
    for (String blank : new String[] {" ".repeat(8), "\u200B".repeat(8), "\u3000".repeat(8), "\u00A0".repeat(8),
        "\u3164".repeat(8), " \u200B \u200C \u200D \u2060"}) {
      assertThat(Passwords.problem(blank)).as("%s", blank.codePoints().mapToObj(Integer::toHexString).toList())
          .contains(Passwords.Problem.INVISIBLE);
    }
    assertThat(Passwords.problem("a       ")).as("one visible character is enough").isEmpty();
    // Counted after NFKC: four ligatures "ﬀ" are eight letters; a full-width password is its ASCII one.
    assertThat(Passwords.problem("\uFB00".repeat(4))).isEmpty();
    assertThat(Passwords.problem("\uFB03".repeat(3))).as("ffi ×3: 9 letters from 3").isEmpty();
    assertThat(Passwords.problem("e\u0301".repeat(7))).as("7 é typed decomposed are 7 characters").contains(Passwords.Problem.SHORT);
    String fullWidth = "\uFF50\uFF41\uFF53\uFF53\uFF57\uFF4F\uFF52\uFF44\uFF11";
    assertThat(Passwords.matches("password1", Passwords.hash(fullWidth))).isTrue();
  }

  @Test
  void composedOrDecomposedIsOnePassword() {
    String nfc = "mot de passe tr\u00e8s s\u00fbr";
    String nfd = java.text.Normalizer.normalize(nfc, java.text.Normalizer.Form.NFD);
    assertThat(nfd).isNotEqualTo(nfc);
    assertThat(Passwords.check(nfd, Passwords.hash(nfc))).isEqualTo(Passwords.Match.YES);
    assertThat(Passwords.check(nfc, Passwords.hash(nfd))).isEqualTo(Passwords.Match.YES);
    // A hash of the text as typed (stored before normalisation) matches it, as LEGACY: the caller rehashes.
    String old = phcOfTypedText(nfd);
    assertThat(Passwords.check(nfd, old)).isEqualTo(Passwords.Match.LEGACY);
    assertThat(Passwords.check(nfd + "x", old)).isEqualTo(Passwords.Match.NO);
    assertThat(Passwords.check("ascii password", phcOfTypedText("ascii password"))).as("ASCII: NFKC is itself")
        .isEqualTo(Passwords.Match.YES);
  }

  /** The PHC string the server stored before passwords were normalised: Argon2id of the UTF-8 of the text as typed. */
  static String phcOfTypedText(String password) {
    byte[] salt = new byte[16];
    new java.security.SecureRandom().nextBytes(salt);
    Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
        .withVersion(Argon2Parameters.ARGON2_VERSION_13).withSalt(salt)
        .withMemoryAsKB(Passwords.MEMORY_KIB).withIterations(Passwords.ITERATIONS).withParallelism(Passwords.PARALLELISM).build();
    Argon2BytesGenerator generator = new Argon2BytesGenerator();
    generator.init(params);
    byte[] out = new byte[32];
    generator.generateBytes(password.getBytes(java.nio.charset.StandardCharsets.UTF_8), out);
    var b64 = java.util.Base64.getEncoder().withoutPadding();
    return "$argon2id$v=19$m=" + Passwords.MEMORY_KIB + ",t=" + Passwords.ITERATIONS + ",p=" + Passwords.PARALLELISM + "$"
        + b64.encodeToString(salt) + "$" + b64.encodeToString(out);
  }

  @Test
  void aHugePasswordAtSignInIsCutBeforeHashingAndDoesNotMatch() {
    String stored = Passwords.hash("correct horse battery");
    assertThat(Passwords.matches("x".repeat(1_000_000), stored)).isFalse();
  }

  /** RFC 9106's Argon2id test vector, so the library is the Argon2id the standard defines. */
  @Test
  void theLibraryComputesRfc9106sArgon2idVector() {
    byte[] password = new byte[32];
    java.util.Arrays.fill(password, (byte) 1);
    byte[] salt = new byte[16];
    java.util.Arrays.fill(salt, (byte) 2);
    byte[] secret = new byte[8];
    java.util.Arrays.fill(secret, (byte) 3);
    byte[] ad = new byte[12];
    java.util.Arrays.fill(ad, (byte) 4);
    Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
        .withVersion(Argon2Parameters.ARGON2_VERSION_13).withSalt(salt).withSecret(secret).withAdditional(ad)
        .withMemoryAsKB(32).withIterations(3).withParallelism(4).build();
    Argon2BytesGenerator generator = new Argon2BytesGenerator();
    generator.init(params);
    byte[] out = new byte[32];
    generator.generateBytes(password, out);
    assertThat(Hex.toHexString(out)).isEqualTo("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
  }
}
