package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The network file reader: every shipped network reads, and damaged bytes are refused with what is wrong, before allocating. */
class NetworkFileTest {
  /** Offsets in a network for "modern": magic, version, rules (2 + 6 bytes), then the sizes. */
  private static final int INPUTS = 16;
  private static final int HIDDEN = 20;
  private static final int OUTPUTS = 24;
  private static final int GAMES = 28;
  private static final int WEIGHTS = 36;

  private static byte[] modern() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Nets.forRules(Rules.parse("modern")).write(out);
    return out.toByteArray();
  }

  private static byte[] withInt(byte[] bytes, int offset, int value) {
    byte[] copy = bytes.clone();
    ByteBuffer.wrap(copy).putInt(offset, value);
    return copy;
  }

  private static String refusal(byte[] bytes) {
    try {
      NeuralNet.read(bytes);
    } catch (DamagedNetworkException e) {
      assertThat(e.getMessage()).doesNotContain("Exception").doesNotContain("null");
      return e.getMessage();
    }
    throw new AssertionError("accepted");
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles", "modern+scoring=spanish"})
  void everyShippedNetworkReadsBackExactlyAsWritten(String preset) throws Exception {
    for (NeuralNet net : new NeuralNet[] {Nets.forRules(Rules.parse(preset)), Nets.firstVersion(Rules.parse(preset))}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      net.write(out);
      NeuralNet read = NeuralNet.read(out.toByteArray());
      assertThat(read.rules()).isEqualTo(net.rules());
      assertThat(read.gamesTrained()).isEqualTo(net.gamesTrained());
      assertThat(read.w2).isEqualTo(net.w2);
      assertThat(read.w1[17]).isEqualTo(net.w1[17]);
      assertThat(read.b2).isEqualTo(net.b2);
    }
  }

  @Test
  void sizesOutOfBoundsAreRefusedBeforeAnythingIsAllocated() throws Exception {
    byte[] net = modern();
    assertThat(refusal(withInt(net, HIDDEN, -1))).contains("-1 hidden units");
    assertThat(refusal(withInt(net, HIDDEN, 0))).contains("0 hidden units");
    assertThat(refusal(withInt(net, OUTPUTS, -5))).contains("-5 outputs");
    assertThat(refusal(withInt(net, INPUTS, -1))).contains("-1 inputs");
    // Huge but within bounds: the length they announce is checked against the bytes there are.
    assertThat(refusal(withInt(net, HIDDEN, 4_096))).contains("ends too soon");
    assertThat(refusal(withInt(net, INPUTS, 65_536))).contains("ends too soon");
    assertThat(refusal(withInt(net, HIDDEN, Integer.MAX_VALUE))).contains("2,147,483,647 hidden units");
    assertThat(refusal(withInt(net, INPUTS, Integer.MAX_VALUE))).contains("inputs");
    assertThat(refusal(withInt(net, OUTPUTS, 9))).contains("9 outputs").contains("modern have 3 outcomes");
    byte[] games = net.clone();
    ByteBuffer.wrap(games).putLong(GAMES, -3);
    assertThat(refusal(games)).contains("games trained is negative");
  }

  @Test
  void aFileEmptyCutShortOrWithBytesAfterItsEndIsRefused() throws Exception {
    byte[] net = modern();
    assertThat(refusal(new byte[0])).contains("empty");
    assertThat(refusal(Arrays.copyOf(net, 3))).contains("mark JQNN");
    assertThat(refusal(Arrays.copyOf(net, 4))).contains("ends within its header");
    assertThat(refusal(Arrays.copyOf(net, GAMES + 2))).contains("ends within its header");
    assertThat(refusal(Arrays.copyOf(net, net.length - 1))).contains("ends too soon");
    assertThat(refusal(Arrays.copyOf(net, net.length + 1))).contains("1 byte follows its last weight");
    assertThat(refusal(Arrays.copyOf(net, net.length + 1000))).contains("1,000 bytes follow its last weight");
    assertThat(refusal("hello world, this is text".getBytes(StandardCharsets.UTF_8))).contains("mark JQNN");
    assertThat(refusal(withInt(net, 4, 2))).contains("version is 2");
  }

  @Test
  void weightsThatAreNotFiniteNumbersAreRefused() throws Exception {
    byte[] net = modern();
    byte[] nan = net.clone();
    ByteBuffer.wrap(nan).putFloat(WEIGHTS + 40, Float.NaN);
    assertThat(refusal(nan)).contains("weight number 11 is NaN");
    byte[] infinite = net.clone();
    ByteBuffer.wrap(infinite).putFloat(net.length - 4, Float.NEGATIVE_INFINITY);
    assertThat(refusal(infinite)).contains("-Infinity");
  }

  @Test
  void rulesThatDoNotParseAreRefused() throws Exception {
    byte[] net = modern();
    byte[] foo = net.clone();
    System.arraycopy("foobar".getBytes(StandardCharsets.US_ASCII), 0, foo, 10, 6);
    assertThat(refusal(foo)).contains("rules 'foobar' are not rules");
    byte[] longRules = net.clone();
    ByteBuffer.wrap(longRules).putShort(8, (short) 0xFFFF); // 65,535 bytes of rules: more than the file holds
    assertThat(refusal(longRules)).contains("ends within its header");
  }

  @Test
  void aStreamLargerThanAnyNetworkIsRefusedWithoutReadingItAll() {
    java.io.InputStream endless = new java.io.InputStream() {
      @Override
      public int read() {
        return 0;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        Arrays.fill(b, off, off + len, (byte) 0);
        return len;
      }
    };
    assertThatThrownBy(() -> NeuralNet.read(endless)).isInstanceOf(DamagedNetworkException.class).hasMessageContaining("over 64 MB");
  }
}
