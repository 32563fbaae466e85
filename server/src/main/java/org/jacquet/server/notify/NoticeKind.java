package org.jacquet.server.notify;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a notice tells of; its key is the one text form (the API, the tables, the page's words). */
public enum NoticeKind {
  /** The account's turn in a correspondence game (a live game has its player there). */
  YOUR_TURN("your-turn"),
  /** A direct challenge naming the account. */
  CHALLENGE("challenge"),
  /** A game the account played ended. */
  ENDED("ended"),
  /** A tournament the account joined starts (written by the tournaments, later). */
  TOURNAMENT("tournament");

  public final String key;

  NoticeKind(String key) {
    this.key = key;
  }

  public static Optional<NoticeKind> parse(String key) {
    return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
  }

  /** Every key, for a refusal that lists them. */
  public static List<String> keys() {
    return Arrays.stream(values()).map(k -> k.key).toList();
  }
}
