package org.jacquet.cli;

/**
 * The limits of the numbers the commands take, checked before any work starts so a bad value
 * is one clear line (exit status 2), never an exception deep inside, a hang or a silent
 * acceptance.
 */
final class Checks {
  /** More threads than this only costs memory: the work never splits usefully that far. */
  static final int MAX_THREADS = 256;

  private Checks() {}

  private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[+-]?[0-9]{1,30}");
  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile("[+-]?([0-9]{1,30}(\\.[0-9]{0,30})?|\\.[0-9]{1,30})([eE][+-]?[0-9]{1,5})?|[+-]?(NaN|Infinity)");

  /**
   * A whole number as people write it: ASCII decimal digits only (no hexadecimal, no octal
   * reading of a leading 0, no digits of other scripts), within the type's range.
   */
  static long wholeNumber(String text, long min, long max) {
    if (text == null || !WHOLE.matcher(text).matches()) {
      throw new picocli.CommandLine.TypeConversionException(Words.get("number.not.whole", org.jacquet.engine.Excerpt.of(text)));
    }
    try {
      long value = Long.parseLong(text);
      if (value >= min && value <= max) return value;
    } catch (NumberFormatException tooLong) { // beyond a long: out of range all the same
    }
    throw new picocli.CommandLine.TypeConversionException(Words.get("number.out.of.range", text, grouped(min), grouped(max)));
  }

  /** A decimal number: ASCII digits, an optional fraction and exponent; NaN and Infinity are read (and refused by the checks). */
  static double decimal(String text) {
    if (text == null || !DECIMAL.matcher(text).matches()) {
      throw new picocli.CommandLine.TypeConversionException(Words.get("number.not.number", org.jacquet.engine.Excerpt.of(text)));
    }
    return Double.parseDouble(text);
  }

  /** Every command reads its numbers the same way: {@link #wholeNumber} and {@link #decimal}. */
  static void readNumbers(picocli.CommandLine cli) {
    picocli.CommandLine.ITypeConverter<Integer> integer = t -> (int) wholeNumber(t, Integer.MIN_VALUE, Integer.MAX_VALUE);
    picocli.CommandLine.ITypeConverter<Long> whole = t -> wholeNumber(t, Long.MIN_VALUE, Long.MAX_VALUE);
    picocli.CommandLine.ITypeConverter<Double> real = Checks::decimal;
    cli.registerConverter(Integer.class, integer).registerConverter(Integer.TYPE, integer)
        .registerConverter(Long.class, whole).registerConverter(Long.TYPE, whole)
        .registerConverter(Double.class, real).registerConverter(Double.TYPE, real)
        .registerConverter(java.nio.file.Path.class, Checks::path);
  }

  /**
   * A file name as this system can name it. Under a locale whose encoding cannot spell a
   * character (the C locale and an accented name, a NUL), Java refuses the name: said plainly,
   * not as the exception's class.
   */
  static java.nio.file.Path path(String text) {
    try {
      return java.nio.file.Path.of(text);
    } catch (java.nio.file.InvalidPathException e) {
      throw new picocli.CommandLine.TypeConversionException(text.indexOf('\0') >= 0
          ? Words.get("file.name.nul", org.jacquet.engine.Excerpt.of(text))
          : Words.get("file.name.encoding", org.jacquet.engine.Excerpt.of(text), System.getProperty("sun.jnu.encoding", "?")));
    }
  }

  static long between(String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(max == Long.MAX_VALUE || max == Integer.MAX_VALUE
          ? Words.get("option.at.least", option, grouped(min), Long.toString(value))
          : Words.get("option.between", option, grouped(min), grouped(max), Long.toString(value)));
    }
    return value;
  }

  static int between(String option, int value, int min, int max) {
    return (int) between(option, (long) value, min, max);
  }

  static double between(String option, double value, double min, double max) {
    if (!(value >= min && value <= max)) { // also refuses NaN
      throw new IllegalArgumentException(Words.get("option.from.to", option, shown(min), shown(max), shown(value)));
    }
    return value;
  }

  /** A strictly positive finite number (a rate, seconds). */
  static double positive(String option, double value, double max) {
    if (!(value > 0 && value <= max)) {
      throw new IllegalArgumentException(Words.get("option.positive", option, shown(max), shown(value)));
    }
    return value;
  }

  /** The threads to use: the option's value, checked, or every core. */
  static int threads(Integer option) {
    if (option == null) return Runtime.getRuntime().availableProcessors();
    return between("--threads", option, 1, MAX_THREADS);
  }

  /** 1 rather than 1.0; NaN and infinities as Java writes them (for names and files programs read too). */
  static String plain(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  /** {@link #plain}, with a decimal comma in French: a number in a sentence a person reads. */
  static String shown(double x) {
    String text = plain(x);
    return Words.locale().getLanguage().equals("fr") ? text.replace('.', ',') : text;
  }

  /** 1,000 in English, 1 000 in French: a bound said the reader's way. */
  static String grouped(long n) {
    return String.format(Words.locale(), "%,d", n);
  }

  /** "1 game", "2 games": counts said in words read right. */
  static String count(long n, String singular) {
    return String.format("%,d %s", n, n == 1 ? singular : singular + "s");
  }

  /** A --level list with at least one level ({@code --level ,} splits into none). */
  static void someLevel(java.util.List<String> levels) {
    if (levels == null || levels.isEmpty() || levels.stream().allMatch(String::isBlank)) {
      throw new IllegalArgumentException(Words.get("level.none"));
    }
  }

  /** A level by its key ({@link org.jacquet.ai.Level#parse}), refused in this run's language naming the levels. */
  static org.jacquet.ai.Level level(String text) {
    try {
      return org.jacquet.ai.Level.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(Words.get("level.unknown.named", org.jacquet.engine.Excerpt.of(text),
          String.join(", ", java.util.Arrays.stream(org.jacquet.ai.Level.values()).map(org.jacquet.ai.Level::key).toList())));
    }
  }
}
