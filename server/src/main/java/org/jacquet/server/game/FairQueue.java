package org.jacquet.server.game;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Tasks waiting their turn, taken in turn across their owners (round-robin), each owner's in
 * the order they came: an owner with many waiting tasks delays another owner's next one by at
 * most one task of its own, not by all of them, as one line in arrival order would.
 *
 * <p>Holds nothing for an owner once its last task is taken, so what it keeps is bounded by
 * what its callers put in: it does not bound that itself.
 */
final class FairQueue<T> {
  private final Map<String, ArrayDeque<T>> waiting = new HashMap<>();
  /** The owners with a task waiting, the next one to be served first. */
  private final ArrayDeque<String> turns = new ArrayDeque<>();
  private int size;

  synchronized void add(String owner, T task) {
    ArrayDeque<T> mine = waiting.get(owner);
    if (mine == null) {
      mine = new ArrayDeque<>();
      waiting.put(owner, mine);
      turns.addLast(owner); // a newcomer is served after the owners already waiting
    }
    mine.addLast(task);
    size++;
  }

  /** The next owner's oldest task (that owner then goes to the back of the turns), or null if none waits. */
  synchronized T poll() {
    String owner = turns.pollFirst();
    if (owner == null) return null;
    ArrayDeque<T> mine = waiting.get(owner);
    T task = mine.pollFirst();
    if (mine.isEmpty()) waiting.remove(owner);
    else turns.addLast(owner);
    size--;
    return task;
  }

  synchronized int size() {
    return size;
  }

  /** Owners with a task waiting (for tests of bounded memory). */
  synchronized int owners() {
    return waiting.size();
  }
}
