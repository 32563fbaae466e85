package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bear-off table's cache file: what is read back is bit for bit what was built, and a file
 * that is damaged, cut short, from another doubles rule or from a build that computed otherwise
 * is refused (and then rebuilt); a folder that cannot be written costs nothing but the cache.
 */
class BearOffCacheTest {
  private static final Rules RULES = Rules.parse("modern");
  private static BearOffTable built;

  @TempDir Path dir;

  @BeforeAll
  static void build() {
    built = BearOffTable.build(RULES);
  }

  @AfterEach
  void clearProperty() {
    System.clearProperty("jacquet.cache");
  }

  @Test
  void aTableWrittenIsReadBackExactly() {
    Path file = dir.resolve(BearOffCache.fileName(RULES));
    assertThat(BearOffCache.write(file, RULES, built)).isTrue();
    BearOffTable read = BearOffCache.read(file, RULES);
    assertThat(read).isNotNull();
    assertThat(Arrays.equals(read.off, built.off)).isTrue();
    assertThat(Arrays.equals(read.first, built.first)).isTrue();
    assertThat(Arrays.equals(read.expectedTurns, built.expectedTurns)).isTrue();
    assertThat(Arrays.equals(read.expectedFirst, built.expectedFirst)).isTrue();
    assertThat(dir.toFile().list()).containsExactly(file.getFileName().toString()); // no temporary left
  }

  @Test
  void aDamagedOrShortenedFileIsRefused() throws IOException {
    Path file = dir.resolve(BearOffCache.fileName(RULES));
    BearOffCache.write(file, RULES, built);
    byte[] good = Files.readAllBytes(file);
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 0x10;
    Files.write(file, flipped);
    assertThat(BearOffCache.read(file, RULES)).isNull();
    Files.write(file, Arrays.copyOf(good, good.length - 100));
    assertThat(BearOffCache.read(file, RULES)).isNull();
    Files.write(file, new byte[0]);
    assertThat(BearOffCache.read(file, RULES)).isNull();
  }

  @Test
  void aFileOfAnotherBuildIsRefusedThoughItsChecksumHolds() throws IOException {
    Path file = dir.resolve(BearOffCache.fileName(RULES));
    BearOffCache.write(file, RULES, built);
    // A well-formed file whose numbers another build computed: one checked entry's expected
    // number of turns changed by a hair, the file re-compressed so that gzip finds it sound.
    byte[] raw = gunzip(Files.readAllBytes(file));
    int header = raw.length - 4 * (2 * BearOffTable.SIZE * BearOffTable.TURNS + 2 * BearOffTable.SIZE);
    int expectedAt = header + 4 * 2 * BearOffTable.SIZE * BearOffTable.TURNS;
    ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
    int entry = 211 * 100;
    int at = expectedAt + 4 * entry;
    b.putFloat(at, Math.nextUp(b.getFloat(at)));
    Files.write(file, gzip(raw));
    assertThat(BearOffCache.read(file, RULES)).isNull();
  }

  @Test
  void aFileOfTheOtherDoublesRuleIsRefused() throws IOException {
    Path file = dir.resolve("any.bin.gz");
    BearOffCache.write(file, RULES, built);
    assertThat(BearOffCache.read(file, Rules.parse("modern+doubles=squared"))).isNull();
  }

  @Test
  void loadOrBuildFillsTheCacheAndThenReadsIt() throws IOException {
    System.setProperty("jacquet.cache", dir.toString());
    BearOffTable first = BearOffCache.loadOrBuild(RULES);
    Path file = dir.resolve(BearOffCache.fileName(RULES));
    assertThat(file).isRegularFile();
    Files.write(file, new byte[] {1, 2, 3}); // damaged: rebuilt and rewritten
    BearOffTable again = BearOffCache.loadOrBuild(RULES);
    assertThat(Arrays.equals(again.off, first.off)).isTrue();
    assertThat(BearOffCache.read(file, RULES)).isNotNull();
  }

  @Test
  void aFolderThatCannotBeWrittenOnlyCostsTheCache() throws IOException {
    Path notAFolder = dir.resolve("plain-file");
    Files.write(notAFolder, new byte[] {0});
    System.setProperty("jacquet.cache", notAFolder.toString());
    BearOffTable table = BearOffCache.loadOrBuild(RULES);
    assertThat(Arrays.equals(table.expectedTurns, built.expectedTurns)).isTrue();
    System.setProperty("jacquet.cache", "off");
    assertThat(BearOffCache.folder()).isNull();
  }

  private static byte[] gunzip(byte[] data) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(data))) {
      return in.readAllBytes();
    }
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(data);
    }
    return out.toByteArray();
  }
}
