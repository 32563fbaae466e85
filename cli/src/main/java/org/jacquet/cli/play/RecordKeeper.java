package org.jacquet.cli.play;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.format.GameRecord;

/**
 * The record of the match in hand, never lost: written at each game's end and on {@code save},
 * and on every way out — quit, Ctrl-D, an I/O error, a bug, Ctrl-C or a kill (a shutdown hook) —
 * to the chosen file, else to the default folder, else to the temporary folder, else printed.
 */
final class RecordKeeper {
  private final Session session;
  private final Console console;
  private final Texts texts;
  private final Prompt prompt;
  /** The files this session wrote records to: written again without asking. */
  private final List<Path> written = new ArrayList<>();
  private volatile boolean finished;
  private Thread guard;

  RecordKeeper(Session session, Console console, Texts texts, Prompt prompt) {
    this.session = session;
    this.console = console;
    this.texts = texts;
    this.prompt = prompt;
  }

  /** From now until {@link #release}, a JVM going down (Ctrl-C, a kill) writes the record first. */
  void guard() {
    guard = new Thread(this::saveOnExit, "jacquet-record-guard");
    try {
      Runtime.getRuntime().addShutdownHook(guard);
    } catch (IllegalStateException | SecurityException e) {
      guard = null;
    }
  }

  /** The game is over or left, its record written: the shutdown hook has nothing more to do. */
  void release() {
    finished = true;
    if (guard == null) return;
    try {
      Runtime.getRuntime().removeShutdownHook(guard);
    } catch (IllegalStateException | SecurityException e) {
      // the JVM is already going down: the hook has run or will see finished
    }
  }

  /** {@code save NAME} typed at the prompt: a name the system cannot take is refused in the player's words. */
  void saveAs(String name) {
    Path file;
    try {
      file = expand(name);
    } catch (IllegalArgumentException e) {
      console.println(texts.get("refused", texts.get("save.bad.name", Texts.quote(name))));
      return;
    }
    // Another file already there is the player's: replaced only when they say so.
    if (!ours(file) && holdsSomething(file) && !prompt.confirm("save.replace", file)) {
      console.println(texts.get("save.kept", file));
      return;
    }
    save(file);
  }

  /** Whether {@code file} is this game's record or one this session wrote. */
  private boolean ours(Path file) {
    List<Path> mine = new ArrayList<>(written);
    mine.add(session.recordFile());
    for (Path m : mine) {
      try {
        if (Files.exists(m) && Files.isSameFile(file, m)) return true;
      } catch (IOException | SecurityException e) { // cannot tell: not ours
      }
    }
    return false;
  }

  /** A file there with something in it (not a device, nor a directory: its own refusal says so). */
  private static boolean holdsSomething(Path file) {
    try {
      return Files.isRegularFile(file) && Files.size(file) > 0;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /** Writes the record to the match's own file; false (and why, said) when it cannot. */
  boolean save() {
    return save(session.recordFile());
  }

  /** Writes the record to {@code file}; false (and why, said) when it cannot. */
  synchronized boolean save(Path file) {
    try {
      write(file);
      written.add(file);
      console.println(texts.get("saved", file));
      return true;
    } catch (IOException | RuntimeException e) {
      console.println(texts.get("save.failed", file, texts.reason(e)));
      return false;
    }
  }

  private void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    Files.writeString(file, GameRecord.write(session.match(), session.headers()), StandardCharsets.UTF_8);
  }

  /**
   * Writes the record before the program ends: to the chosen file, else to the default folder,
   * else to the temporary folder; as a last resort it is printed. Returns where it went.
   */
  synchronized Path saveSafely() {
    if (save()) return session.recordFile();
    String name = "jacquet-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".txt";
    for (Path fallback : List.of(defaultFolder().resolve(name), Path.of(System.getProperty("java.io.tmpdir"), name))) {
      if (save(fallback)) {
        session.recordTo(fallback);
        return fallback;
      }
    }
    console.println(texts.get("save.printed"));
    console.println(GameRecord.write(session.match(), session.headers()));
    return Path.of("-");
  }

  /** Ctrl-C, a kill: the JVM is going down mid-game; keep the game. */
  private void saveOnExit() {
    if (finished) return;
    try {
      write(session.recordFile());
    } catch (IOException | RuntimeException e) {
      try {
        Path fallback = defaultFolder().resolve("jacquet-interrupted-" + System.currentTimeMillis() + ".txt");
        write(fallback);
        System.err.println(texts.get("quit", fallback));
        return;
      } catch (IOException | RuntimeException again) {
        System.err.println(GameRecord.write(session.match(), session.headers()));
        return;
      }
    }
    System.err.println(texts.get("quit", session.recordFile()));
  }

  /** Where records go when no file is chosen: ~/.jacquet/games. */
  static Path defaultFolder() {
    return Path.of(System.getProperty("user.home"), ".jacquet", "games");
  }

  /** jacquet-20261121.txt → jacquet-20261121-2.txt → …-3.txt: the next match's file, beside this one. */
  static Path nextRecordFile(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.*)-(\\d{1,3})").matcher(stem);
    int n = 2;
    if (m.matches()) {
      stem = m.group(1);
      n = Integer.parseInt(m.group(2)) + 1;
    }
    Path next;
    do {
      next = file.resolveSibling(stem + "-" + n++ + ext);
    } while (Files.exists(next));
    return next;
  }

  /** {@code ~} and {@code ~/…} are the home folder, as in a shell. */
  static Path expand(String name) {
    String home = System.getProperty("user.home");
    if (name.equals("~")) return Path.of(home);
    if (name.startsWith("~/")) return Path.of(home, name.substring(2));
    try {
      return Path.of(name);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(Texts.quote(name) + " is not a file name");
    }
  }
}
