package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database password never goes on the command line, where {@code ps} shows it to every user
 * of the machine: {@code serve} reads it from {@code JACQUET_DB_PASSWORD} or from the file of
 * {@code --db-password-file}, and refuses it as an option or in the URL, pointing at both ways,
 * in the reader's language. Checked against a real PostgreSQL that demands the password.
 */
class DatabaseSecretsTest extends ConsoleCapture {
  private static final String PASSWORD = "s3cret-Ünïcode 'quoted'";

  @TempDir Path dir;

  @Test
  void aPasswordOnTheCommandLineIsRefusedPointingAtTheVariableAndTheFile() {
    for (String[] args : new String[][] {
        {"serve", "--port", "0", "--db-url", "jdbc:postgresql://localhost/jacquet", "--db-password", "secret"},
        {"serve", "--port", "0", "--db-url", "jdbc:postgresql://localhost/jacquet?user=j&password=secret"}}) {
      assertThat(run(args)).as(err()).isEqualTo(2);
      assertThat(err().lines().count()).isEqualTo(1);
      assertThat(err()).contains("JACQUET_DB_PASSWORD").contains("--db-password-file").contains("processes");
    }
    assertThat(run("serve", "--lang", "fr", "--port", "0", "--db-url", "jdbc:postgresql://localhost/jacquet", "--db-password", "x"))
        .isEqualTo(2);
    assertThat(err()).contains("JACQUET_DB_PASSWORD").contains("--db-password-file FICHIER").contains("quiconque liste les processus");
  }

  @Test
  void mailSettingsAreCheckedBeforeTheServerStartsAndItsPasswordHasNoOption() {
    assertThat(run("serve", "--port", "0", "--smtp-from", "jacquet@jacquet.example")).isEqualTo(2);
    assertThat(err()).contains("--smtp-host").contains("e-mail is off");
    assertThat(run("serve", "--port", "0", "--smtp-host", "mail.example.org", "--smtp-starttls", "off",
        "--smtp-from", "j@jacquet.example", "--public-url", "https://jacquet.example")).isEqualTo(2);
    assertThat(err()).contains("STARTTLS is required");
    assertThat(run("serve", "--lang", "fr", "--port", "0", "--smtp-host", "127.0.0.1", "--smtp-from", "j@jacquet.example")).isEqualTo(2);
    assertThat(err()).contains("--public-url").contains("les liens des messages");
    assertThat(run("serve", "--lang", "fr", "--port", "0", "--smtp-host", "mail.example.org", "--smtp-public", "x")).isEqualTo(2);
    assertThat(run("serve", "--port", "0", "--smtp-host", "mail.example.org", "--smtp-password", "secret")).isEqualTo(2);
  }

  @Test
  void aPasswordFileThatCannotBeOneIsRefusedNamingIt() throws Exception {
    String url = "jdbc:postgresql://localhost:1/jacquet";
    Path empty = Files.writeString(dir.resolve("empty"), "\n");
    assertThat(run("serve", "--port", "0", "--db-url", url, "--db-password-file", empty.toString())).isEqualTo(2);
    assertThat(err()).contains(empty.toString()).contains("first line is empty");
    assertThat(run("serve", "--port", "0", "--db-url", url, "--db-password-file", dir.toString())).isEqualTo(2);
    assertThat(err()).contains("is a folder");
    Path missing = dir.resolve("missing");
    assertThat(run("serve", "--port", "0", "--db-url", url, "--db-password-file", missing.toString())).isEqualTo(1);
    assertThat(err()).contains("cannot read the password file " + missing).contains("no such file");
    Path big = Files.write(dir.resolve("big"), new byte[5000]);
    assertThat(run("serve", "--lang", "fr", "--port", "0", "--db-url", url, "--db-password-file", big.toString())).isEqualTo(2);
    assertThat(err()).contains("n’est pas un fichier de mot de passe");
  }

  @Test
  void theServerLogsInWithThePasswordFromTheVariableOrTheFileAndItNeverShowsInItsCommandLine() throws Exception {
    try (PasswordPostgres pg = new PasswordPostgres(PASSWORD)) {
      String[] login = {"--db-url", pg.url(), "--db-user", PasswordPostgres.USER};
      try (ServeProcess s = ServeProcess.start(Map.of(DatabaseLogin.VARIABLE, PASSWORD), login)) {
        assertThat(s.listening).as(s.output).isTrue();
        assertThat(healthz(s.url)).isEqualTo(200);
        // What ps reads: the process's command line, and its environment is its own (mode 0400 in /proc).
        String seenByPs = Files.readString(Path.of("/proc", String.valueOf(s.process.pid()), "cmdline")).replace('\0', ' ');
        assertThat(seenByPs).contains(pg.url()).doesNotContain("s3cret");
      }
      Path file = dir.resolve("db-password");
      Files.writeString(file, PASSWORD + "\n");
      String[] withFile = {"--db-url", pg.url(), "--db-user", PasswordPostgres.USER, "--db-password-file", file.toString()};
      try (ServeProcess s = ServeProcess.start(Map.of(), withFile)) {
        assertThat(s.listening).as(s.output).isTrue();
        assertThat(healthz(s.url)).isEqualTo(200);
      }
      // The password is really checked: a wrong one, or none, and the server does not start.
      try (ServeProcess s = ServeProcess.start(Map.of(DatabaseLogin.VARIABLE, "wrong"), login)) {
        assertThat(s.listening).isFalse();
        assertThat(s.process.exitValue()).isEqualTo(1);
        assertThat(s.output).contains("password authentication failed").doesNotContain("wrong");
      }
      try (ServeProcess s = ServeProcess.start(Map.of(DatabaseLogin.VARIABLE, PASSWORD), withFile)) {
        assertThat(s.listening).isFalse();
        assertThat(s.output).contains("given twice");
      }
    }
  }

  private static int healthz(String url) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/healthz")).build(),
        HttpResponse.BodyHandlers.discarding()).statusCode();
  }
}
