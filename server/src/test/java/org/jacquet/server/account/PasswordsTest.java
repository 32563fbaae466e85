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
