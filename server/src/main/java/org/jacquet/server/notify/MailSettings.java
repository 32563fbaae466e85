package org.jacquet.server.notify;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * An account's mail as stored: its address ({@code accounts.email}), the address it confirmed
 * ({@code mail_settings}), its language and the kinds it chose. Mail goes only to a confirmed
 * address: giving another address unconfirms until its own link is followed.
 */
final class MailSettings {
  /** What the account page shows. */
  record View(String address, boolean confirmed, String language, List<NoticeKind> kinds) {}

  /** Where an account's mails go, once confirmed. */
  record Recipient(String address, String language, List<NoticeKind> kinds) {}

  private final Database db;

  MailSettings(Database db) {
    this.db = db;
  }

  View view(String account) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT a.email, m.confirmed_address, m.language, m.kinds FROM accounts a
        LEFT JOIN mail_settings m ON m.account_id = a.id WHERE a.id = :a""").bind("a", account)
        .map((rs, ctx) -> {
          String address = rs.getString("email");
          String confirmed = rs.getString("confirmed_address");
          return new View(address, address != null && address.equals(confirmed),
              rs.getString("language") == null ? "en" : rs.getString("language"), kinds(rs.getString("kinds")));
        }).findOne().orElse(new View(null, false, "en", List.of())));
  }

  Optional<Recipient> recipient(String account) {
    View v = view(account);
    return v.confirmed() ? Optional.of(new Recipient(v.address(), v.language(), v.kinds())) : Optional.empty();
  }

  /** Gives the account {@code address} (refused {@code bad-email} when it is not one; null: none), unconfirmed. */
  void setAddress(String account, String address, String language) {
    if (address != null) Accounts.checkEmail(address);
    db.write(() -> db.jdbi().inTransaction(h -> {
      h.createUpdate("UPDATE accounts SET email = :e WHERE id = :a").bind("e", address).bind("a", account).execute();
      upsertLanguage(h, account, language);
      return null;
    }));
  }

  /** Mails {@code kinds} and no other to the account, in {@code language}. */
  void setKinds(String account, List<NoticeKind> kinds, String language) {
    db.write(() -> db.jdbi().inTransaction(h -> {
      upsertLanguage(h, account, language);
      h.createUpdate("UPDATE mail_settings SET kinds = :k WHERE account_id = :a").bind("k", text(kinds)).bind("a", account)
          .execute();
      return null;
    }));
  }

  private static void upsertLanguage(Handle h, String account, String language) {
    h.createUpdate("""
        INSERT INTO mail_settings (account_id, language, kinds) VALUES (:a, :l, ',')
        ON CONFLICT (account_id) DO UPDATE SET language = :l""").bind("a", account).bind("l", language).execute();
  }

  /** Confirms {@code address} for the account if it is still the account's address (false: it changed since). */
  static boolean confirm(Handle h, String account, String address) {
    return h.createUpdate("""
        UPDATE mail_settings SET confirmed_address = :e
        WHERE account_id = :a AND EXISTS (SELECT 1 FROM accounts WHERE id = :a AND email = :e)""")
        .bind("e", address).bind("a", account).execute() == 1;
  }

  /** Stops mailing {@code kind} to the account. */
  static void unsubscribe(Handle h, String account, NoticeKind kind) {
    h.createUpdate("UPDATE mail_settings SET kinds = REPLACE(kinds, :k, ',') WHERE account_id = :a")
        .bind("k", "," + kind.key + ",").bind("a", account).execute();
  }

  private static List<NoticeKind> kinds(String text) {
    List<NoticeKind> out = new ArrayList<>();
    if (text == null) return out;
    for (NoticeKind k : NoticeKind.values()) if (text.contains("," + k.key + ",")) out.add(k);
    return out;
  }

  private static String text(List<NoticeKind> kinds) {
    StringBuilder b = new StringBuilder(",");
    for (NoticeKind k : kinds) b.append(k.key).append(',');
    return b.toString();
  }
}
