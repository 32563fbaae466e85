package org.jacquet.server.rating;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jacquet.server.identity.Player;
import org.jacquet.server.store.Database;

/**
 * The ratings shown beside players' names where they meet (a game's players panel, the lobby's
 * challenges and games): many players' ratings in one query, each as of {@code now} ({@link
 * Ratings#asOf}). An account or a level of the computer that has not played a rated match in a
 * pool stands at {@link Glicko2#START} there (provisional, as its profile shows it); a guest has
 * no rating at all.
 */
public final class PlayerRatings {
  /** One player's rating in every pool it has one in (all pools, for a player that can be rated). */
  public record Pools(Map<Ratings.Category, Glicko2.Rating> byCategory) {
    public Glicko2.Rating in(Ratings.Category c) {
      return byCategory.getOrDefault(c, Glicko2.START);
    }
  }

  private PlayerRatings() {}

  /** Whether {@code id} is a player that has ratings (an account or a level of the computer; not a guest). */
  public static boolean rated(String id) {
    return id != null && (id.startsWith(Player.ACCOUNT_PREFIX) || id.startsWith(Player.COMPUTER_PREFIX));
  }

  /** The ratings of {@code ids} (those that can be rated; others are left out), read in one query. */
  public static Map<String, Pools> read(Database db, Collection<String> ids, long now) {
    Set<String> wanted = ids.stream().filter(PlayerRatings::rated).collect(Collectors.toSet());
    if (wanted.isEmpty()) return Map.of();
    Map<String, Map<Ratings.Category, Glicko2.Rating>> found = new HashMap<>();
    for (String id : wanted) found.put(id, new java.util.EnumMap<>(Ratings.Category.class));
    db.jdbi().useHandle(h -> h.createQuery("SELECT account_id, category, rating, deviation, volatility, updated_at "
            + "FROM ratings WHERE account_id IN (<ids>)").bindList("ids", List.copyOf(wanted))
        .map((rs, ctx) -> {
          String id = rs.getString(1);
          var category = Ratings.Category.parse(rs.getString(2));
          Glicko2.Rating r = Ratings.asOf(new Glicko2.Rating(rs.getDouble(3), rs.getDouble(4), rs.getDouble(5)), rs.getLong(6), now);
          category.ifPresent(c -> found.get(id).put(c, r));
          return 0;
        }).list());
    Map<String, Pools> out = new HashMap<>();
    found.forEach((id, m) -> out.put(id, new Pools(Map.copyOf(m))));
    return out;
  }

  /** A rating as the pages show it: rounded value and deviation, and whether it is provisional ("?"). */
  public static ObjectNode json(Glicko2.Rating r) {
    return JsonNodeFactory.instance.objectNode().put("rating", Math.round(r.rating()))
        .put("deviation", Math.round(r.deviation())).put("provisional", r.provisional());
  }
}
