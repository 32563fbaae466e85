package org.jacquet.server.chat;

import java.util.List;
import java.util.Map;
import org.jacquet.server.refusal.Refusal;

/**
 * What a chat line may say: at most {@link #MAX_CHARACTERS} characters of visible text, or one
 * of the {@link #PHRASES} (each reader sees it in its own language). Cleaning removes what
 * could disguise a line or another's name: control characters, bidi overrides and isolates,
 * zero-width and other invisible format characters; runs of spaces become one.
 */
public final class ChatText {
  /** As lichess: long enough to talk, too short to paste a page. */
  public static final int MAX_CHARACTERS = 140;
  /**
   * What is even looked at: a line this long (in UTF-16 units) is refused before it is cleaned,
   * so a 10 KB line costs nothing.
   */
  static final int MAX_RAW = 4 * MAX_CHARACTERS;
  /** The canned phrases, one tap on a phone: worded by each reader's page ("Bonne partie" / "Good game"). */
  public static final List<String> PHRASES = List.of("good-game", "well-played", "thanks", "good-luck", "sorry");

  private ChatText() {}

  /**
   * The line as it is kept and shown, or a refusal naming the problem: {@code chat-too-long}
   * ({@code max}), {@code chat-empty} (nothing visible left).
   */
  public static String clean(String raw) {
    if (raw.length() > MAX_RAW) throw tooLong();
    StringBuilder b = new StringBuilder(raw.length());
    boolean space = false;
    for (int i = 0; i < raw.length(); ) {
      int cp = raw.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
        space = b.length() > 0;
        continue;
      }
      if (invisible(cp)) continue;
      if (space) b.append(' ');
      space = false;
      b.appendCodePoint(cp);
    }
    String text = b.toString();
    if (text.isEmpty()) throw new Refusal("chat-empty", "a chat line needs some visible text");
    if (text.codePointCount(0, text.length()) > MAX_CHARACTERS) throw tooLong();
    return text;
  }

  /** Control, format (bidi, zero-width, soft hyphen…), unpaired surrogates, private use, unassigned. */
  private static boolean invisible(int cp) {
    return switch (Character.getType(cp)) {
      case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> true;
      default -> false;
    };
  }

  /** What a line says, checked: cleaned text, or a known phrase (exactly one of the two non-null). */
  public record Content(String text, String phrase) {}

  /** Checks a line of {@code text} or a {@code phrase} (exactly one given), refusing it with the reason. */
  public static Content content(String text, String phrase) {
    return new Content(text == null ? null : clean(text), phrase == null ? null : phrase(phrase));
  }

  /** {@code phrase} if it is one of {@link #PHRASES}; otherwise {@code bad-phrase} with the known ones. */
  public static String phrase(String phrase) {
    if (PHRASES.contains(phrase)) return phrase;
    String shown = phrase.length() > 40 ? phrase.substring(0, 40) + "…" : phrase;
    throw new Refusal("bad-phrase", Map.of("phrase", shown, "known", PHRASES),
        "unknown chat phrase '" + shown + "'; known: " + String.join(", ", PHRASES));
  }

  private static Refusal tooLong() {
    return new Refusal("chat-too-long", Map.of("max", MAX_CHARACTERS),
        "a chat line is at most " + MAX_CHARACTERS + " characters");
  }
}
