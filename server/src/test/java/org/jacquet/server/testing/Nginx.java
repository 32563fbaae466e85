package org.jacquet.server.testing;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * nginx on loopback with the configuration the package ships ({@code packaging/deb/nginx-jacquet.conf}),
 * changed only where a host changes it: its ports, the certificate's paths (one made here with
 * openssl, self-signed for localhost) and the processes' ports. Its own prefix, in the foreground;
 * stopped by closing.
 */
public final class Nginx implements AutoCloseable {
  public static final Path NGINX = Path.of("/usr/sbin/nginx");
  public static final Path SHIPPED = Path.of("..", "packaging", "deb", "nginx-jacquet.conf").toAbsolutePath().normalize();

  public final int httpsPort;
  public final int httpPort;
  public final Path certificate;
  public final Path errorLog;
  /** The folder the shipped configuration serves {@code /.well-known/acme-challenge/} from (certbot's webroot). */
  public final Path webroot;
  private final Process process;

  private Nginx(Process process, int httpsPort, int httpPort, Path certificate, Path errorLog, Path webroot) {
    this.process = process;
    this.httpsPort = httpsPort;
    this.httpPort = httpPort;
    this.certificate = certificate;
    this.errorLog = errorLog;
    this.webroot = webroot;
  }

  /** Whether nginx and openssl are on this machine (run-tests installs them). */
  public static boolean available() {
    return Files.isExecutable(NGINX) && Files.isExecutable(Path.of("/usr/bin/openssl"));
  }

  public static Nginx start(Path prefix, int... upstreamPorts) throws Exception {
    Path cert = prefix.resolve("cert.pem");
    Path key = prefix.resolve("key.pem");
    run(List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key.toString(), "-out", cert.toString()));
    int https = ServerProcess.freePort();
    int http = ServerProcess.freePort();
    String site = Files.readString(SHIPPED);
    site = replace(site, "listen 443 ssl;", "listen 127.0.0.1:" + https + " ssl;");
    site = replace(site, "listen 80;", "listen 127.0.0.1:" + http + ";");
    site = replace(site, "listen [::]:443 ssl;", "");
    site = replace(site, "listen [::]:80;", "");
    site = replace(site, "/etc/letsencrypt/live/jacquet.example/fullchain.pem", cert.toString());
    site = replace(site, "/etc/letsencrypt/live/jacquet.example/privkey.pem", key.toString());
    // certbot's webroot: where the test puts a challenge's answer.
    Path webroot = Files.createDirectories(prefix.resolve("webroot"));
    site = replace(site, "root /var/www/letsencrypt;", "root " + webroot + ";");
    String[] shippedPorts = {"8080", "8081"};
    if (upstreamPorts.length != shippedPorts.length) throw new IllegalArgumentException("the shipped file has two processes");
    for (int i = 0; i < upstreamPorts.length; i++) {
      site = replace(site, "server 127.0.0.1:" + shippedPorts[i] + " ", "server 127.0.0.1:" + upstreamPorts[i] + " ");
    }
    Files.createDirectories(prefix.resolve("tmp"));
    Path log = prefix.resolve("error.log");
    String main = String.join("\n",
        "daemon off;",
        "worker_processes 1;",
        // As root nginx would run its workers as nobody, who cannot enter the test's private folder.
        System.getProperty("user.name").equals("root") ? "user root;" : "",
        "pid " + prefix.resolve("nginx.pid") + ";",
        "error_log " + log + " info;",
        "events { worker_connections 256; }",
        "http {",
        "  access_log " + prefix.resolve("access.log") + ";",
        "  client_body_temp_path " + prefix.resolve("tmp/body") + ";",
        "  proxy_temp_path " + prefix.resolve("tmp/proxy") + ";",
        "  fastcgi_temp_path " + prefix.resolve("tmp/fastcgi") + ";",
        "  uwsgi_temp_path " + prefix.resolve("tmp/uwsgi") + ";",
        "  scgi_temp_path " + prefix.resolve("tmp/scgi") + ";",
        site,
        "}", "");
    Path conf = prefix.resolve("nginx.conf");
    Files.writeString(conf, main);
    List<String> nginx = List.of(NGINX.toString(), "-p", prefix + "/", "-c", conf.toString(), "-e", log.toString());
    List<String> check = new ArrayList<>(nginx);
    check.add("-t");
    run(check);
    Process p = new ProcessBuilder(nginx).redirectErrorStream(true).redirectOutput(prefix.resolve("nginx.out").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!listening(https)) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new IllegalStateException("nginx did not start: " + Files.readString(log));
      }
      Thread.sleep(50); // polling for the port to open, with a deadline
    }
    return new Nginx(p, https, http, cert, log, webroot);
  }

  /** The text with {@code from} replaced, which must be in it: the shipped file drifting fails the test. */
  private static String replace(String text, String from, String to) {
    if (!text.contains(from)) throw new IllegalStateException("the shipped nginx configuration no longer has '" + from + "'");
    return text.replace(from, to);
  }

  private static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static void run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    if (p.waitFor() != 0) throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
  }

  /** An HTTP client that trusts this nginx's certificate, and no other. */
  public HttpClient client() throws Exception {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream in = Files.newInputStream(certificate)) {
      trusted.setCertificateEntry("nginx", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trusted);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, tmf.getTrustManagers(), null);
    return HttpClient.newBuilder().sslContext(tls).build();
  }

  public String url(String path) {
    return "https://localhost:" + httpsPort + path;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy(); // SIGTERM: nginx's fast shutdown
    if (!process.waitFor(20, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }
}
