package org.jacquet.server.notify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.game.StateView;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;
import org.jacquet.server.refusal.Refusal;

/**
 * The notifications' HTTP routes and their JSON view (docs/PROTOCOL.md, "Notifications"): the
 * signed-in player's inbox and its mail settings; the confirmation and unsubscribe links, which
 * work without a session (a mail is opened anywhere) by their token alone. Guests have no inbox.
 */
public final class NotifyRoutes {
  private final Notify notify;
  private final Accounts accounts;
  private final Consumer<Context> checkOrigin;

  private NotifyRoutes(Notify notify, Accounts accounts, Consumer<Context> checkOrigin) {
    this.notify = notify;
    this.accounts = accounts;
    this.checkOrigin = checkOrigin;
  }

  public static void install(Javalin app, Notify notify, Accounts accounts, Consumer<Context> checkOrigin) {
    NotifyRoutes r = new NotifyRoutes(notify, accounts, checkOrigin);
    app.get("/api/inbox", r::inbox);
    app.post("/api/inbox/read", r::read);
    app.get("/api/mail", r::mail);
    app.post("/api/mail/address", r::address);
    app.post("/api/mail/kinds", r::kinds);
    app.post("/api/mail/confirm", r::confirm);
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" from its own servers, with no
    // session and no page Origin: the token in the address is the whole authority.
    app.post("/api/mail/unsubscribe", r::unsubscribe);
  }

  private Player who(Context ctx) {
    return accounts.player(ctx.cookie(Identities.SESSION_COOKIE))
        .orElseThrow(() -> new Refusal("signed-out", "sign in first (no session, or it ended)"));
  }

  private static String language(Context ctx) {
    return ClientLanguage.of(ctx).getLanguage().equals("fr") ? "fr" : "en";
  }

  private void inbox(Context ctx) {
    ctx.header("Cache-Control", "no-store");
    ObjectNode o = StateView.JSON.createObjectNode();
    var player = accounts.player(ctx.cookie(Identities.SESSION_COOKIE));
    if (player.isEmpty()) {
      ctx.result(o.put("signedIn", false).toString());
      return;
    }
    String account = player.get().id();
    notify.inbox().collectChallenges(account);
    o.put("signedIn", true).put("unread", notify.inbox().unread(account));
    ArrayNode list = o.putArray("notices");
    for (Inbox.Notice n : notify.inbox().list(account)) {
      ObjectNode x = list.addObject().put("id", n.id()).put("kind", n.kind().key).put("at", n.createdAt()).put("read", n.read());
      if (n.gameId() != null) x.put("game", n.gameId());
      if (n.otherName() != null) x.put("other", n.otherName());
    }
    ctx.result(o.toString());
  }

  private void read(Context ctx) {
    checkOrigin.accept(ctx);
    JsonBody.parse(ctx.body(), true, Set.of());
    notify.inbox().markRead(who(ctx).id());
    ctx.result(StateView.JSON.createObjectNode().put("unread", 0).toString());
  }

  private void mail(Context ctx) {
    ctx.header("Cache-Control", "no-store");
    MailSettings.View v = notify.mail(who(ctx));
    ObjectNode o = StateView.JSON.createObjectNode().put("mail", notify.mailOn()).put("confirmed", v.confirmed())
        .put("language", v.language());
    if (v.address() != null) o.put("address", v.address());
    ArrayNode kinds = o.putArray("kinds");
    v.kinds().forEach(k -> kinds.add(k.key));
    ArrayNode choices = o.putArray("choices");
    for (NoticeKind k : NoticeKind.values()) if (k != NoticeKind.TOURNAMENT) choices.add(k.key);
    ctx.result(o.toString());
  }

  private void address(Context ctx) {
    checkOrigin.accept(ctx);
    JsonBody b = JsonBody.parse(ctx.body(), false, Set.of("address"));
    Player p = who(ctx);
    String address = b.text("address", null);
    if (address == null) throw JsonBody.badField("address", JsonBody.Expected.STRING);
    notify.setAddress(p, address.isBlank() ? null : address.strip(), language(ctx));
    mail(ctx);
  }

  private void kinds(Context ctx) {
    checkOrigin.accept(ctx);
    JsonBody b = JsonBody.parse(ctx.body(), false, Set.of("kinds"));
    Player p = who(ctx);
    List<NoticeKind> kinds = new ArrayList<>();
    for (String k : b.texts("kinds", NoticeKind.values().length)) {
      kinds.add(NoticeKind.parse(k).orElseThrow(() -> JsonBody.badField("kinds", JsonBody.Expected.ONE_OF,
          String.join(", ", NoticeKind.keys()))));
    }
    notify.setKinds(p, kinds, language(ctx));
    mail(ctx);
  }

  private void confirm(Context ctx) {
    checkOrigin.accept(ctx);
    JsonBody b = JsonBody.parse(ctx.body(), false, Set.of("token"));
    String address = notify.confirm(b.text("token", null));
    ctx.result(StateView.JSON.createObjectNode().put("confirmed", address).toString());
  }

  private void unsubscribe(Context ctx) {
    String token = ctx.queryParam("token");
    NoticeKind kind = notify.unsubscribe(token);
    ctx.result(StateView.JSON.createObjectNode().put("unsubscribed", kind.key).toString());
  }
}
