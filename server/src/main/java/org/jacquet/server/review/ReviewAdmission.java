package org.jacquet.server.review;

import java.util.HashMap;
import java.util.Map;

/**
 * Who may put one more review on the server's queue: at most {@code capacity} reviews in flight
 * (running or waiting) in all, and at most {@code share} of them started by one address — so that
 * one address cannot fill the queue and leave every other client refused (17 of 25 were accepted
 * from one address before). The counts go when the reviews end: no address outlives its reviews.
 */
final class ReviewAdmission {
  /** What a request for a new review is told. */
  enum Verdict { ADMITTED, SHARE_FULL, QUEUE_FULL }

  private final int capacity;
  private final int share;
  private final Map<String, Integer> byAddress = new HashMap<>();
  private int inFlight;

  ReviewAdmission(int capacity, int share) {
    if (capacity < 1 || share < 1) throw new IllegalArgumentException("a review queue and its share per address hold at least 1");
    this.capacity = capacity;
    this.share = share;
  }

  /** Counts one more review for {@code address} if it may have it; otherwise changes nothing. */
  synchronized Verdict admit(String address) {
    int mine = byAddress.getOrDefault(address, 0);
    if (mine >= share) return Verdict.SHARE_FULL;
    if (inFlight >= capacity) return Verdict.QUEUE_FULL;
    byAddress.put(address, mine + 1);
    inFlight++;
    return Verdict.ADMITTED;
  }

  /** One review of {@code address} ended (done, failed or never started). */
  synchronized void release(String address) {
    Integer mine = byAddress.get(address);
    if (mine == null) throw new IllegalStateException("no review in flight for " + address);
    if (mine == 1) byAddress.remove(address);
    else byAddress.put(address, mine - 1);
    inFlight--;
  }

  synchronized int inFlight() {
    return inFlight;
  }

  /** Addresses with a review in flight. */
  synchronized int addresses() {
    return byAddress.size();
  }

  int share() {
    return share;
  }
}
