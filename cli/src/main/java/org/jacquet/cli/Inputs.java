package org.jacquet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jacquet.ai.eval.DamagedNetworkException;
import org.jacquet.ai.eval.NetInputs;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.rules.Rules;

/**
 * Files the commands read and write, each problem said in one line naming the file: missing,
 * a directory, unreadable, not UTF-8, too large, or a record or network that does not hold up.
 */
final class Inputs {
  /** Far beyond any game record or network: a bigger file is a mistake, not a game. */
  static final long MAX_TEXT_BYTES = 64L << 20;

  private Inputs() {}

  /**
   * The file's text, which must be UTF-8; a leading byte-order mark (which some editors write)
   * is skipped. Any file the system can read will do (a pipe such as {@code <(…)} included), but
   * never more than {@link #MAX_TEXT_BYTES}: {@code /dev/zero} is refused as too large rather
   * than filling the memory.
   */
  static String text(Path file) {
    byte[] bytes = bytes(file);
    try {
      String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException e) {
      throw new CommandFailure(Words.get("file.not.utf8", file));
    }
  }

  /** Refuses a file to read that is not there to be read: no name, a directory, or nothing at that name. */
  private static void requirePresent(Path file) {
    if (file.toString().isEmpty()) throw new IllegalArgumentException(Words.get("file.name.empty"));
    if (Files.isDirectory(file)) throw new CommandFailure(Words.get("file.directory", file));
    if (!Files.exists(file)) throw new CommandFailure(file + ": " + Words.get("file.missing.short"));
  }

  /** The file's bytes, refused as {@link #text} refuses a file: missing, a directory, unreadable or too large. */
  static byte[] bytes(Path file) {
    requirePresent(file);
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      if (Files.isRegularFile(file) && Files.size(file) > MAX_TEXT_BYTES) throw tooLarge(file);
      bytes = in.readNBytes((int) MAX_TEXT_BYTES + 1);
    } catch (IOException e) { // unreadable: permission denied, an input/output error…
      throw new CommandFailure(Words.get("file.unreadable", file, reason(e)));
    }
    if (bytes.length > MAX_TEXT_BYTES) throw tooLarge(file);
    return bytes;
  }

  /**
   * The network in {@code file} ({@code --net}, {@code train --from} and {@code --resume}): the
   * file refused as any other, then every byte checked by {@link NeuralNet#read(byte[])}.
   */
  static NeuralNet network(Path file) {
    byte[] bytes = bytes(file);
    try {
      return NeuralNet.read(bytes);
    } catch (DamagedNetworkException e) {
      throw new CommandFailure(Words.get("file.network.damaged", file, e.getMessage()));
    }
  }

  /** {@link #network(Path)} for play under {@code rules}: its inputs and outputs must be theirs. */
  static NeuralNet network(Path file, Rules rules) {
    NeuralNet net = network(file);
    if (net.outputs() != Outcomes.size(rules) || net.inputs() != NetInputs.SIZE) {
      throw new IllegalArgumentException(Words.get("file.network.rules", file, net.rules(), rules));
    }
    return net;
  }

  private static CommandFailure tooLarge(Path file) {
    return tooLarge(file, MAX_TEXT_BYTES);
  }

  private static CommandFailure tooLarge(Path file, long max) {
    return new CommandFailure(Words.get("file.too.large", file, Checks.grouped(max >> 20)));
  }

  /**
   * Samples files grow by appending and may hold millions of lines: read a line at a time, they
   * may be larger than {@link #MAX_TEXT_BYTES}, though never without bound.
   */
  static final long MAX_SAMPLES_BYTES = 1L << 30;
  /** A line of a samples file holds at most a few hundred characters (89 outcomes under spanish scoring). */
  static final int MAX_LINE_CHARS = 1 << 16;

  /** What a command does with each line of a file it reads a line at a time. */
  @FunctionalInterface
  interface LineReader {
    void line(long number, String text);
  }

  /**
   * Each line of the UTF-8 text {@code file} (without its end, LF or CRLF), numbered from 1, read
   * without holding the file: refused as {@link #text} refuses a file, and also when it is over
   * {@code maxBytes} or a line is over {@link #MAX_LINE_CHARS} ({@code /dev/zero} is refused
   * at once, never read for ever).
   */
  static void lines(Path file, long maxBytes, LineReader each) {
    requirePresent(file);
    try (InputStream raw = Files.newInputStream(file)) {
      if (Files.isRegularFile(file) && Files.size(file) > maxBytes) throw tooLarge(file, maxBytes);
      long[] read = {0};
      InputStream counted = new java.io.FilterInputStream(raw) {
        @Override
        public int read() throws IOException {
          int b = super.read();
          if (b >= 0 && ++read[0] > maxBytes) throw tooLarge(file, maxBytes);
          return b;
        }

        @Override
        public int read(byte[] buffer, int off, int len) throws IOException {
          int n = super.read(buffer, off, len);
          if (n > 0 && (read[0] += n) > maxBytes) throw tooLarge(file, maxBytes);
          return n;
        }
      };
      BoundedLines in = new BoundedLines(new java.io.InputStreamReader(counted, StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), MAX_LINE_CHARS);
      long number = 0;
      String line;
      while ((line = in.next()) != null) {
        number++;
        if (in.tooLong()) {
          throw new CommandFailure(Words.get("file.line.too.long", file, number, Checks.grouped(MAX_LINE_CHARS)));
        }
        each.line(number, line);
      }
    } catch (CharacterCodingException e) {
      throw new CommandFailure(Words.get("file.not.utf8", file));
    } catch (IOException e) { // unreadable: permission denied, an input/output error…
      throw new CommandFailure(Words.get("file.unreadable", file, reason(e)));
    }
  }

  /** A game record read from its file; what is wrong with it is said with the file's name. */
  static GameRecord.Parsed record(Path file) {
    return record(file, text(file));
  }

  static GameRecord.Parsed record(Path file, String text) {
    try {
      return GameRecord.read(text);
    } catch (RuntimeException | StackOverflowError e) {
      String why = e instanceof StackOverflowError ? Words.get("record.line.too.deep") : String.valueOf(Words.reason(e));
      throw new CommandFailure(Words.get("record.invalid", file, why));
    }
  }

  /**
   * Checks, before any long work, that {@code file} can be written: not a directory, its folder
   * there (or, when {@code createsFolders}, creatable) and writable.
   */
  static void writable(Path file, String option, boolean createsFolders) {
    if (file.toString().isEmpty()) throw new IllegalArgumentException(Words.get("write.no.name", option));
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) throw new IllegalArgumentException(option + " " + Words.get("file.directory", file));
    if (Files.exists(absolute) && !Files.isWritable(absolute)) {
      throw new IllegalArgumentException(Words.get("write.not.writable", option, file));
    }
    Path folder = absolute.getParent();
    if (folder == null) return;
    if (!Files.isDirectory(folder)) {
      if (Files.exists(folder)) throw new IllegalArgumentException(Words.get("write.not.folder", option, file, folder));
      if (!createsFolders) throw new IllegalArgumentException(Words.get("write.no.folder", option, file, folder));
      Path existing = folder;
      while (existing != null && !Files.exists(existing)) existing = existing.getParent();
      if (existing == null || !Files.isDirectory(existing)) {
        throw new IllegalArgumentException(Words.get("write.not.folder", option, file, existing));
      }
      try {
        Files.createDirectories(folder); // made now rather than found impossible after the work
      } catch (IOException | SecurityException e) {
        throw new IllegalArgumentException(Words.get("write.cannot.make.folder", option, file, folder,
            e instanceof IOException io ? reason(io) : Words.get("io.not.allowed")));
      }
    }
    // Permissions say little to root and nothing in /proc: the proof is a file made and removed there.
    try {
      Files.delete(Files.createTempFile(folder, ".jacquet-", ".probe"));
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(Words.get("write.folder.not.writable", option, file, folder,
          e instanceof IOException io ? reason(io) : Words.get("io.not.allowed")));
    }
  }


  /**
   * {@link #writable} for a file written beside and moved into place (a network): it must be a
   * regular file if it exists, or the move would replace a device such as /dev/null.
   */
  static void replaceable(Path file, String option) {
    writable(file, option, true);
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new IllegalArgumentException(Words.get("write.not.regular", option, file));
    }
  }

  /**
   * Refuses an output that is the same file as an input or as another output (it would be
   * overwritten, or they would overwrite each other). {@code files} alternate an option's words
   * and its file ({@code "the record", record, "--html", html, …}); null files are left out. The
   * first, an output, is checked against every other.
   */
  static void distinct(String output, Path file, Object... others) {
    if (file == null) return;
    for (int i = 0; i + 1 < others.length; i += 2) {
      Path other = (Path) others[i + 1];
      if (other != null && sameFile(file, other)) {
        throw new IllegalArgumentException(Words.get("write.same.file", output, file,
            others[i] + (other.toString().equals(file.toString()) ? "" : " " + other)));
      }
    }
  }

  /**
   * Whether two names are one file: the same file if both exist (links included), else the same
   * real folder and name (a file not made yet, named two ways).
   */
  static boolean sameFile(Path a, Path b) {
    try {
      if (Files.exists(a) && Files.exists(b)) return Files.isSameFile(a, b);
    } catch (IOException | SecurityException e) { // unreadable: compared by name below
    }
    return where(a).equals(where(b));
  }

  /** The file's real path, or, for a file not there yet, its folder's real path and its name. */
  private static Path where(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    try {
      return absolute.toRealPath();
    } catch (IOException | SecurityException e) {
      Path folder = absolute.getParent();
      Path name = absolute.getFileName();
      if (folder == null || name == null) return absolute;
      return where(folder).resolve(name);
    }
  }

  /** An I/O error's reason in words, without the Java class name. */
  static String reason(IOException e) {
    if (e instanceof Main.StdinClosed) return e.getMessage();
    if (e instanceof NoSuchFileException) return Words.get("io.no.such.file.or.folder");
    if (e instanceof AccessDeniedException) return Words.get("io.denied.short");
    String m = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
    if (m == null || m.isBlank()) return Words.get("io.error.short");
    if (Words.locale().getLanguage().equals("fr")) return Words.get("io.system.says", m); // the system's words are English
    return m.length() > 1 && Character.isLowerCase(m.charAt(1)) ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m; // "Input/output error" reads mid-sentence
  }

  /** The header line of the files the commands make (samples, benchmarks) that gives the command that made them. */
  static final String MADE_BY = "# made by: ";

  /**
   * The first setting a file's "made by" command line gives that differs from this run's
   * ({@code --trials 2, not 4}), or null; the options in {@code free} (a total to reach, the
   * file's name) may differ. A file is resumed only with the settings it was made with.
   */
  static String settingDiffers(String theirs, String ours, java.util.Set<String> free) {
    java.util.Map<String, String> mine = options(ours);
    for (java.util.Map.Entry<String, String> e : options(theirs).entrySet()) {
      if (free.contains(e.getKey())) continue;
      String value = mine.get(e.getKey());
      if (value != null && !value.equals(e.getValue())) return e.getKey() + " " + e.getValue() + ", not " + value;
    }
    return null;
  }

  private static java.util.Map<String, String> options(String command) {
    java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
    String[] words = command.trim().split("\\s+");
    for (int i = 0; i + 1 < words.length; i++) if (words[i].startsWith("--")) options.put(words[i], words[i + 1]);
    return options;
  }
}
