package org.jacquet.server.rating;

import java.util.List;

/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its deviation and
 * volatility, and the next of each after a rating period's results. Pure; a period here is one
 * match (as lichess and bgammon.org rate each game at once), so players see their rating move
 * after every rated match.
 *
 * <p>τ = 0.5, inside Glickman's advised 0.3–1.2: a match result is a noisy signal (dice), so
 * volatility should move slowly; lichess uses 0.75 for chess, where results say more.
 */
public final class Glicko2 {
  public static final double TAU = 0.5;
  public static final Rating START = new Rating(1500, 350, 0.06);
  /** A rating is provisional ("?") while its deviation is above this, as lichess shows it. */
  public static final double PROVISIONAL_DEVIATION = 110;

  /** Glicko points per unit of the Glicko-2 scale (the paper's 173.7178). */
  public static final double SCALE = 173.7178;
  private static final double EPSILON = 0.000001;

  /** A player's rating on the Glicko scale: r, RD and σ. */
  public record Rating(double rating, double deviation, double volatility) {
    public boolean provisional() {
      return deviation > PROVISIONAL_DEVIATION;
    }
  }

  /** One result of the period: the opponent's rating before it, and the score (1 win, 0 loss, ½ draw). */
  public record Result(Rating opponent, double score) {
    public Result {
      if (score < 0 || score > 1) throw new IllegalArgumentException("a score is from 0 to 1, not " + score);
    }
  }

  private Glicko2() {}

  /** The rating after a period with {@code results} (none: only the deviation grows, step 6 of the paper). */
  public static Rating next(Rating player, List<Result> results) {
    double mu = (player.rating() - 1500) / SCALE;
    double phi = player.deviation() / SCALE;
    double sigma = player.volatility();
    if (results.isEmpty()) {
      double grown = Math.sqrt(phi * phi + sigma * sigma);
      return new Rating(player.rating(), Math.min(START.deviation(), grown * SCALE), sigma);
    }
    double vInverse = 0;
    double deltaSum = 0;
    for (Result r : results) {
      double muJ = (r.opponent().rating() - 1500) / SCALE;
      double phiJ = r.opponent().deviation() / SCALE;
      double g = g(phiJ);
      double e = expected(mu, muJ, g);
      vInverse += g * g * e * (1 - e);
      deltaSum += g * (r.score() - e);
    }
    double v = 1 / vInverse;
    double delta = v * deltaSum;
    double sigmaNext = volatility(phi, sigma, v, delta);
    double phiStar = Math.sqrt(phi * phi + sigmaNext * sigmaNext);
    double phiNext = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
    double muNext = mu + phiNext * phiNext * deltaSum;
    return new Rating(SCALE * muNext + 1500, Math.min(START.deviation(), SCALE * phiNext), sigmaNext);
  }

  /**
   * The rating after {@code periods} rating periods without a game: step 6 of the paper alone,
   * once a period, φ' = √(φ² + σ²) — so after n periods √(φ² + n·σ²), σ unchanged — never past
   * the start deviation. The rating itself does not move.
   */
  public static Rating idle(Rating player, long periods) {
    if (periods < 0) throw new IllegalArgumentException("periods are counted from 0, not " + periods);
    if (periods == 0) return player;
    double phi = player.deviation() / SCALE;
    double sigma = player.volatility();
    double grown = Math.sqrt(phi * phi + periods * sigma * sigma) * SCALE;
    return new Rating(player.rating(), Math.min(START.deviation(), grown), sigma);
  }

  /** The expected score of a player against an opponent, each on the Glicko scale. */
  public static double expectedScore(Rating player, Rating opponent) {
    double phiJ = opponent.deviation() / SCALE;
    return expected((player.rating() - 1500) / SCALE, (opponent.rating() - 1500) / SCALE, g(phiJ));
  }

  private static double g(double phi) {
    return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
  }

  private static double expected(double mu, double muJ, double g) {
    return 1 / (1 + Math.exp(-g * (mu - muJ)));
  }

  /** Step 5 of the paper: the new volatility, by the Illinois algorithm. */
  private static double volatility(double phi, double sigma, double v, double delta) {
    double a = Math.log(sigma * sigma);
    double deltaSq = delta * delta;
    double phiSq = phi * phi;
    java.util.function.DoubleUnaryOperator f = x -> {
      double ex = Math.exp(x);
      double d = phiSq + v + ex;
      return ex * (deltaSq - phiSq - v - ex) / (2 * d * d) - (x - a) / (TAU * TAU);
    };
    double bigA = a;
    double bigB;
    if (deltaSq > phiSq + v) {
      bigB = Math.log(deltaSq - phiSq - v);
    } else {
      int k = 1;
      while (f.applyAsDouble(a - k * TAU) < 0) k++;
      bigB = a - k * TAU;
    }
    double fA = f.applyAsDouble(bigA);
    double fB = f.applyAsDouble(bigB);
    while (Math.abs(bigB - bigA) > EPSILON) {
      double c = bigA + (bigA - bigB) * fA / (fB - fA);
      double fC = f.applyAsDouble(c);
      if (fC * fB <= 0) {
        bigA = bigB;
        fA = fB;
      } else {
        fA = fA / 2;
      }
      bigB = c;
      fB = fC;
    }
    return Math.exp(bigA / 2);
  }
}
