package org.jacquet.ai.eval;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.jacquet.engine.rules.Rules;

/**
 * Keeps each built {@link BearOffTable} in a file, so that a later run reads it (a tenth of a
 * second) instead of building it again (about a CPU-second): GNU Backgammon ships its bear-off
 * databases the same way. The folder is {@code -Djacquet.cache=DIR}, else
 * {@code $XDG_CACHE_HOME/jacquet}, else {@code ~/.cache/jacquet}; {@code -Djacquet.cache=off}
 * turns the cache off. A file is trusted only if its header names this format and doubles rule,
 * its gzip checksum holds, and a sample of its entries is exactly what the build computes from
 * their children in the file (so a file left by a build that computed otherwise is rebuilt).
 * Nothing here can fail a run: a file that cannot be read is rebuilt, one that cannot be
 * written is skipped.
 */
final class BearOffCache {
  /** Bumped whenever the table's layout or build changes. */
  static final int FORMAT = 1;
  private static final int MAGIC = 0x4a51424f; // "JQBO"
  /** Every how many entries one is recomputed when a file is read (about 250 of the 54,264). */
  private static final int CHECK_STRIDE = 211;

  private BearOffCache() {}

  /** The table for {@code rules}: from the cache folder when a valid file is there, else built and saved. */
  static BearOffTable loadOrBuild(Rules rules) {
    Path dir = folder();
    if (dir == null) return BearOffTable.build(rules);
    Path file = dir.resolve(fileName(rules));
    BearOffTable table = read(file, rules);
    if (table != null) return table;
    table = BearOffTable.build(rules);
    write(file, rules, table);
    return table;
  }

  /** The cache folder, or null when the cache is off. */
  static Path folder() {
    String set = System.getProperty("jacquet.cache");
    if (set != null && !set.isBlank()) return set.equals("off") ? null : Path.of(set);
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "jacquet");
    String home = System.getProperty("user.home");
    return home == null || home.isBlank() ? null : Path.of(home, ".cache", "jacquet");
  }

  static String fileName(Rules rules) {
    return "bearoff-" + FORMAT + "-doubles-" + rules.doubles().text() + ".bin.gz";
  }

  /** The table in {@code file}, or null if it is missing, unreadable, or not this build's. */
  static BearOffTable read(Path file, Rules rules) {
    if (!Files.isRegularFile(file)) return null;
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new GZIPInputStream(raw, 1 << 16))) {
      if (in.readInt() != MAGIC || in.readInt() != FORMAT || !in.readUTF().equals(rules.doubles().text())
          || in.readInt() != BearOffTable.SIZE || in.readInt() != BearOffTable.TURNS) {
        return null;
      }
      int size = BearOffTable.SIZE;
      int turns = BearOffTable.TURNS;
      BearOffTable table = new BearOffTable(floats(in, size * turns), floats(in, size * turns), floats(in, size),
          floats(in, size));
      if (in.read() != -1) return null; // reading to the end makes gzip check its CRC and length
      return BearOffTable.agreesWithItsBuild(table, rules, CHECK_STRIDE) ? table : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Writes {@code table} to {@code file} whole or not at all (a temporary file, then a rename); false if it could not. */
  static boolean write(Path file, Rules rules, BearOffTable table) {
    Path tmp = null;
    try {
      Files.createDirectories(file.getParent());
      tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
      try (OutputStream raw = Files.newOutputStream(tmp);
          DataOutputStream out = new DataOutputStream(new FastGzip(raw))) {
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        out.writeUTF(rules.doubles().text());
        out.writeInt(BearOffTable.SIZE);
        out.writeInt(BearOffTable.TURNS);
        for (float[] a : new float[][] {table.off, table.first, table.expectedTurns, table.expectedFirst}) {
          out.write(bytes(a));
        }
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (java.nio.file.AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // nothing more can be done; the next run tries again
        }
      }
      return false;
    }
  }

  private static float[] floats(DataInputStream in, int n) throws IOException {
    byte[] b = new byte[n * Float.BYTES];
    in.readFully(b);
    float[] f = new float[n];
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(f);
    return f;
  }

  private static byte[] bytes(float[] f) {
    ByteBuffer b = ByteBuffer.allocate(f.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.asFloatBuffer().put(f);
    return b.array();
  }

  /** Gzip at the fastest level: the file is written once per machine, on the user's time. */
  private static final class FastGzip extends GZIPOutputStream {
    FastGzip(OutputStream out) throws IOException {
      super(out, 1 << 16);
      def.setLevel(Deflater.BEST_SPEED);
    }
  }
}
