package org.jacquet.server.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A bare WebSocket client on a plain socket, for load tests and tests of hostile clients: it
 * can keep a tiny receive buffer and never read (a stalled phone), or send without reading (a
 * flood). One thread per use.
 */
public final class RawWebSocket implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  /** Connects to {@code ws://host:port/path} with a receive buffer of {@code receiveBuffer} bytes. */
  public RawWebSocket(String host, int port, String path, int receiveBuffer) throws IOException {
    socket = new Socket();
    socket.setReceiveBufferSize(receiveBuffer);
    socket.connect(new InetSocketAddress(host, port), 5000);
    socket.setSoTimeout(5000);
    out = socket.getOutputStream();
    in = socket.getInputStream();
    byte[] key = new byte[16];
    ThreadLocalRandom.current().nextBytes(key);
    out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(key) + "\r\nSec-WebSocket-Version: 13\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    // The 101 answer's headers only: what follows is left unread in the socket.
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) throw new IOException("closed during the handshake");
      head.append((char) b);
    }
    if (!head.toString().startsWith("HTTP/1.1 101")) throw new IOException("no upgrade: " + head.toString().lines().findFirst().orElse(""));
  }

  /** Sends one masked text frame (may block once the server stops reading). */
  public void send(String text) throws IOException {
    send(0x1, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Sends one masked binary frame (the protocol has none: a hostile or broken client). */
  public void sendBinary(byte[] payload) throws IOException {
    send(0x2, payload);
  }

  /** Sends one masked ping frame (at most 125 bytes): the server answers each with a pong. */
  public void sendPing(byte[] payload) throws IOException {
    send(0x9, payload);
  }

  private void send(int opcode, byte[] payload) throws IOException {
    byte[] mask = new byte[4];
    ThreadLocalRandom.current().nextBytes(mask);
    int n = payload.length;
    byte[] frame = new byte[2 + (n >= 126 ? 2 : 0) + 4 + n];
    int i = 0;
    frame[i++] = (byte) (0x80 | opcode);
    if (n < 126) {
      frame[i++] = (byte) (0x80 | n);
    } else {
      frame[i++] = (byte) (0x80 | 126);
      frame[i++] = (byte) (n >> 8);
      frame[i++] = (byte) n;
    }
    System.arraycopy(mask, 0, frame, i, 4);
    i += 4;
    for (int k = 0; k < n; k++) frame[i + k] = (byte) (payload[k] ^ mask[k % 4]);
    out.write(frame);
  }

  /** Reads one unmasked text frame from the server (up to {@code buf.length} bytes) and returns it. */
  public String readText(byte[] buf) throws IOException {
    int b0 = in.read();
    int b1 = in.read();
    if (b0 < 0 || b1 < 0) throw new IOException("closed");
    int n = b1 & 0x7F;
    if (n == 126) n = (in.read() << 8) | in.read();
    else if (n == 127) throw new IOException("frame too long for this client");
    if (n > buf.length) throw new IOException("frame of " + n + " bytes");
    int got = 0;
    while (got < n) {
      int r = in.read(buf, got, n - got);
      if (r < 0) throw new IOException("closed");
      got += r;
    }
    return new String(buf, 0, n, StandardCharsets.UTF_8);
  }

  /** One frame from the server: its opcode (1 text, 8 close…) and payload. */
  public record Frame(int opcode, byte[] payload) {
    /** A close frame's code (-1 for none). */
    public int closeCode() {
      return opcode == 8 && payload.length >= 2 ? (payload[0] & 0xFF) << 8 | (payload[1] & 0xFF) : -1;
    }

    public String text() {
      return new String(payload, opcode == 8 && payload.length >= 2 ? 2 : 0, opcode == 8 ? Math.max(0, payload.length - 2) : payload.length,
          StandardCharsets.UTF_8);
    }
  }

  /** Reads the next frame (at most 64 KB), waiting up to {@code millis}. */
  public Frame next(int millis) throws IOException {
    socket.setSoTimeout(millis);
    int b0 = in.read();
    int b1 = in.read();
    if (b0 < 0 || b1 < 0) throw new IOException("closed");
    int n = b1 & 0x7F;
    if (n == 126) n = (in.read() << 8) | in.read();
    else if (n == 127) throw new IOException("frame too long for this client");
    return new Frame(b0 & 0x0F, in.readNBytes(n));
  }

  /**
   * Reads (and discards) everything the server sent until it closes the connection; true if it
   * did within {@code millis}, false if the connection is still open then.
   */
  public boolean closedByServer(long millis) {
    long deadline = System.currentTimeMillis() + millis;
    byte[] buf = new byte[65536];
    try {
      socket.setSoTimeout(200);
      while (System.currentTimeMillis() < deadline) {
        try {
          if (in.read(buf) < 0) return true;
        } catch (SocketTimeoutException e) {
          // nothing yet
        }
      }
      return false;
    } catch (IOException e) {
      return true; // reset by the server
    }
  }

  /**
   * Whether the server cut the connection within {@code millis}, as opposed to only closing its
   * side: a server that sent its close frame may still read, waiting for the answer, until its
   * idle timeout. This client never answers the close; it keeps sending a ping every 100 ms and
   * reading what comes: once the server has let the connection go, the kernel resets what
   * arrives, and a send fails. False if every send was still taken at the deadline.
   */
  public boolean cutByServer(long millis) {
    long deadline = System.currentTimeMillis() + millis;
    byte[] buf = new byte[65536];
    try {
      socket.setSoTimeout(100);
      while (System.currentTimeMillis() < deadline) {
        try {
          if (in.read(buf) < 0) Thread.sleep(100); // its end: a half-close alone is not a cut
        } catch (SocketTimeoutException e) {
          // nothing to read
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
        send(0x9, new byte[] {'c', 'u', 't'});
        out.flush();
      }
      return false;
    } catch (IOException e) {
      return true; // reset: nobody holds the connection at the server's end
    }
  }

  /** Closes with a TCP reset (no close handshake, no FIN): a client that vanishes. */
  public void reset() {
    try {
      socket.setSoLinger(true, 0);
    } catch (IOException e) {
      // closed already
    }
    close();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // gone
    }
  }
}
