package org.jacquet.server.http;

import io.javalin.http.Context;
import io.javalin.websocket.WsContext;
import java.util.Locale;

/**
 * The language a client reads a refusal's {@code message} in: French or English, from a
 * {@code lang=fr|en} query parameter when there is one, else from the language its
 * {@code Accept-Language} prefers; English for anything else.
 */
public final class ClientLanguage {
  private ClientLanguage() {}

  /** Longer headers are not read: the choice is within the first few languages of any real one. */
  private static final int MAX_HEADER = 1000;

  public static Locale of(Context ctx) {
     return of(ctx.header("Accept-Language"), ctx.queryString());
  }

  /** A socket's language: its upgrade request's (the page adds its own {@code lang} to the URL). */
  public static Locale of(WsContext ctx) {
     return of(ctx.header("Accept-Language"), ctx.queryString());
  }

  public static Locale of(jakarta.servlet.http.HttpServletRequest req) {
     return of(req.getHeader("Accept-Language"), req.getQueryString());
  }

  /** From the raw header and query string (either may be null). */
  public static Locale of(String acceptLanguage, String query) {
    String asked = langParam(query);
    if (asked != null) return asked.equals("fr") ? Locale.FRENCH : Locale.ENGLISH;
    return prefersFrench(acceptLanguage) ? Locale.FRENCH : Locale.ENGLISH;
  }

  /**
   * The value of the query's {@code lang} parameter when it is {@code fr} or {@code en}, else null.
   * Read from the raw query string: the servlet's parameters would read a form body to find it.
   */
  private static String langParam(String query) {
    if (query == null) return null;
    for (String pair : query.split("&", 20)) {
      if (pair.equalsIgnoreCase("lang=fr")) return "fr";
      if (pair.equalsIgnoreCase("lang=en")) return "en";
    }
    return null;
  }

  /**
   * Whether the language of highest weight in {@code header} (the first of them on a tie) is
   * French: {@code fr-FR,fr;q=0.9,en;q=0.8} is, {@code en-GB,fr;q=0.9} is not, nor is a header
   * that cannot be read.
   */
  static boolean prefersFrench(String header) {
    if (header == null || header.isBlank() || header.length() > MAX_HEADER) return false;
    String best = null;
    double bestWeight = 0;
    for (String range : header.split(",")) {
      String[] parts = range.trim().split(";", -1);
      String tag = parts[0].trim();
      double weight = 1;
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i].trim();
        if (p.startsWith("q=") || p.startsWith("Q=")) {
          try {
            weight = Double.parseDouble(p.substring(2).trim());
          } catch (NumberFormatException e) {
            weight = 0; // an unreadable weight counts for nothing
          }
        }
      }
      if (!tag.isEmpty() && weight > bestWeight) {
        best = tag;
        bestWeight = weight;
      }
    }
    if (best == null) return false;
    String language = best.split("-", 2)[0];
    return language.equalsIgnoreCase("fr");
  }
}
