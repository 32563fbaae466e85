package org.jacquet.server.identity;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.text.SpoofChecker;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.util.ULocale;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jacquet.ai.Level;

/**
 * The one rule for the names players read — guests' pseudonyms and account names alike: 3–20
 * characters of Latin letters (accents allowed: {@link #LETTERS}), ASCII digits, {@code -} and
 * {@code _}, starting and ending with a letter or digit. Two names are the same name when their
 * {@link #skeleton}s are equal: case, accents and Unicode's confusables folded ({@code 0}/{@code
 * o}, {@code 1}/{@code l}/{@code I}, {@code rn}/{@code m}, {@code -}/{@code _}, …), so nobody can
 * pass for another player or for the computer. Pure: the stores and the lobby decide against whom
 * to compare.
 */
public final class Names {
  public static final int MIN = 3;
  public static final int MAX = 20;

  /**
   * The letters a name may have: Latin letters that UTS #39's general security profile allows in
   * identifiers (Identifier_Status=Allowed: the letters of European languages, accents
   * included — é, ç, œ, ñ, ł, ß — but not the phonetic and technical ones that only imitate them,
   * {@code ɑ}, {@code ᴘ}, {@code ʟ}, {@code ɫ}, {@code ǀ}, {@code ɩ}, {@code ȷ}, {@code ɯ}, {@code ꞷ},
   * the small capitals, …).
   */
  static final UnicodeSet LETTERS = new UnicodeSet("[[:Script=Latin:]&[:L:]]").retainAll(SpoofChecker.RECOMMENDED).freeze();
  /**
   * Which skeletons the database holds: the rule of {@link #skeleton} and the Unicode data it
   * reads (confusables change between Unicode versions). Stored skeletons of another version are
   * recomputed at start ({@link NameSkeletons}).
   */
  public static final String SKELETON_VERSION = "uts39-upper-fold-1/unicode-" + UCharacter.getUnicodeVersion().getMajor() + "." + UCharacter.getUnicodeVersion().getMinor();
  private static final SpoofChecker SPOOF = new SpoofChecker.Builder().build();
  private static final UnicodeSet MARKS = new UnicodeSet("[:M:]").freeze();

  /** Why a name is refused: {@code bad-name}'s {@code what} param, worded by the page (codes.json, {@code bad-name.<code>}). */
  public enum Problem {
    /** Fewer than {@link #MIN} or more than {@link #MAX} characters. */
    LENGTH("length"),
    /** A character other than a Latin letter of {@link #LETTERS}, a digit, - or _ (control, bidi, zero-width, other scripts, look-alikes, spaces). */
    CHARACTER("character"),
    /** Starts or ends with - or _, or has two of them in a row. */
    SEPARATOR("separator"),
    /** Reads as a level of the computer or a role of the site ("expert", "admin", …). */
    RESERVED("reserved");

    public final String code;

    Problem(String code) {
      this.code = code;
    }
  }

  private static final Set<String> RESERVED_WORDS = Set.of(
      "admin", "administrator", "administrateur", "root", "system", "systeme", "moderator", "moderateur", "mod",
      "staff", "support", "server", "serveur", "jacquet", "guest", "invite", "anonymous", "anonyme", "deleted",
      "supprime", "computer", "ordinateur", "bot", "robot", "null", "undefined", "white", "black", "blanc", "noir",
      "spectator", "spectateur", "everyone", "tous", "lobby");
  private static final Set<String> RESERVED_SKELETONS = Stream.concat(RESERVED_WORDS.stream(),
      Stream.of(Level.values()).flatMap(l -> Stream.of(l.key(), l.displayName(Locale.ENGLISH), l.displayName(Locale.FRENCH))))
      .map(Names::skeleton).collect(Collectors.toUnmodifiableSet());

  private Names() {}

  /** Refuses {@code name} ({@code bad-name}, with what is wrong) unless it follows the rule. */
  public static void require(String name) {
    Optional<Problem> problem = problem(name);
    if (problem.isPresent()) {
      throw new org.jacquet.server.refusal.Refusal("bad-name", java.util.Map.of("what", problem.get().code, "min", MIN, "max", MAX),
          "a name is " + MIN + " to " + MAX + " Latin letters, digits, - and _ (" + problem.get().code + ")");
    }
  }

  /** The problem with {@code name} as given (not trimmed: a space is a character problem), or empty when it may be used. */
  public static Optional<Problem> problem(String name) {
    if (name == null) return Optional.of(Problem.LENGTH);
    int length = name.codePointCount(0, name.length());
    if (length < MIN || length > MAX) return Optional.of(Problem.LENGTH);
    // NFKC: one spelling per name (no decomposed accents), no fullwidth or ligature look-alikes.
    if (!Normalizer2.getNFKCInstance().isNormalized(name)) return Optional.of(Problem.CHARACTER);
    int[] cps = name.codePoints().toArray();
    for (int cp : cps) if (!allowed(cp)) return Optional.of(Problem.CHARACTER);
    for (int i = 0; i < cps.length; i++) {
      boolean separator = cps[i] == '-' || cps[i] == '_';
      boolean edge = i == 0 || i == cps.length - 1;
      if (separator && (edge || cps[i + 1] == '-' || cps[i + 1] == '_')) return Optional.of(Problem.SEPARATOR);
    }
    if (RESERVED_SKELETONS.contains(skeleton(name))) return Optional.of(Problem.RESERVED);
    return Optional.empty();
  }

  /** Whether {@code cp} may be in a name: an ASCII digit, {@code -}, {@code _}, or an {@link #LETTERS} letter. */
  static boolean allowed(int cp) {
    if (cp == '-' || cp == '_' || (cp >= '0' && cp <= '9')) return true;
    return LETTERS.contains(cp);
  }

  /**
   * The form two names are compared in — two names read alike when their skeletons are equal:
   * accents dropped, case folded, and each character replaced by its prototype in Unicode's
   * confusables (UTS #39 skeleton, ICU's {@link SpoofChecker}: {@code 0}→{@code O}, {@code
   * I}/{@code 1}→{@code l}, {@code m}→{@code rn}, {@code æ}→{@code ae}, …). The name is upper-cased
   * before the first skeleton and folded before the second, so that a letter confusable in
   * either case counts (a capital {@code I} reads as {@code l}, so {@code i} and {@code l} share
   * a skeleton); repeated until nothing changes. Three pairs UTS #39 leaves out are added: {@code
   * vv}/{@code w}, {@code cl}/{@code d} and {@code _}/{@code -}. Only meaningful for names {@link
   * #problem} accepts. Stored in the database ({@link NameSkeletons} recomputes the stored ones when
   * {@link #SKELETON_VERSION} changes).
   */
  public static String skeleton(String name) {
    String s = name;
    for (int round = 0; round < 4; round++) {
      String next = pass(s);
      if (next.equals(s)) break;
      s = next;
    }
    return s;
  }

  private static String pass(String s) {
    s = withoutMarks(SPOOF.getSkeleton(UCharacter.toUpperCase(ULocale.ROOT, withoutMarks(s))));
    s = withoutMarks(SPOOF.getSkeleton(UCharacter.foldCase(s, true)));
    return s.replace("vv", "w").replace("cl", "d").replace('_', '-');
  }

  /** NFD without its combining marks: accents, and the overlays of skeletons ({@code ł}→{@code l̸}). */
  private static String withoutMarks(String s) {
    StringBuilder out = new StringBuilder(s.length());
    Normalizer2.getNFDInstance().normalize(s).codePoints().filter(cp -> !MARKS.contains(cp)).forEach(out::appendCodePoint);
    return out.toString();
  }
}
