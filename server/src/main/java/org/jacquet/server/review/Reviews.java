package org.jacquet.server.review;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.game.Match;
import org.jacquet.server.game.GameRoom;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Game reviews for the web app: the analysis of a game runs in the background, one at a time
 * per server, and its progress can be asked for. One review per game, shared by everyone who
 * asks; at most {@code queue} wait their turn, at most {@code share} of those running or waiting
 * started by one address ({@link ReviewAdmission}); a finished review is kept {@link
 * #KEEP_MILLIS} after it was last asked for, then forgotten.
 */
public final class Reviews implements AutoCloseable {
  static final long KEEP_MILLIS = 10 * 60_000;

  private record Job(int version, int total, AtomicInteger done, ObjectNode[] result, long[] lastAsked) {}

  private final GameService games;
  private final Map<String, Job> jobs = new ConcurrentHashMap<>();
  private final int queue;
  private final ReviewAdmission admission;
  private final ExecutorService worker;

  public Reviews(GameService games, int queue, int share) {
    this.games = games;
    this.queue = queue;
    this.admission = new ReviewAdmission(queue + 1, share); // the one running, and those waiting
    this.worker = new java.util.concurrent.ThreadPoolExecutor(1, 1, 0, java.util.concurrent.TimeUnit.MILLISECONDS,
        new java.util.concurrent.ArrayBlockingQueue<>(queue), r -> {
          Thread t = new Thread(r, "jacquet-review");
          t.setDaemon(true);
          return t;
        });
  }

  /** Whether the review of this version of the game exists already (asking again is free). */
  public boolean known(String id, int version) {
    Job j = jobs.get(id);
    return j != null && j.version() == version;
  }

  /** Forgets finished reviews nobody asked for in {@link #KEEP_MILLIS}. */
  public void sweep() {
    long now = System.currentTimeMillis();
    jobs.values().removeIf(j -> j.result()[0] != null && now - j.lastAsked()[0] > KEEP_MILLIS);
  }

  public int size() {
    return jobs.size();
  }

  /**
   * The review of the game as stored now: started if needed, counted against {@code address}
   * while it runs or waits; its progress until it is ready; a review that failed is {@code
   * review-failed}, its message in {@code language}.
   */
  public ObjectNode get(String id, String address, java.util.Locale language) {
    String record = games.read(id, GameRoom::publicRecord);
    int version = games.read(id, room -> room.version);
    Job job = jobs.compute(id, (k, old) -> old != null && old.version() == version ? old : start(id, record, version, address));
    job.lastAsked()[0] = System.currentTimeMillis();
    ObjectNode ready = job.result()[0];
    if (ready == FAILED) return Problems.sent(REVIEW_FAILED, true, language);
    if (ready != null) return ready;
    return StateView.JSON.createObjectNode().put("type", "review").put("ready", false)
        .put("done", job.done().get()).put("total", job.total());
  }

  private Job start(String id, String record, int version, String address) {
    Match match = GameRecord.read(record).match();
    int total = (int) match.games().stream().flatMap(g -> g.events().stream())
        .filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).count();
    Job job = new Job(version, total, new AtomicInteger(), new ObjectNode[1], new long[] {System.currentTimeMillis()});
    switch (admission.admit(address)) {
      case SHARE_FULL -> throw new Refusal("too-many", java.util.Map.of("limit", "review-share", "max", admission.share(), "seconds", 0),
          "you have " + admission.share() + " reviews running or waiting, the most one address may have; try again when one is ready");
      case QUEUE_FULL -> throw queueFull();
      case ADMITTED -> { }
    }
    try {
      worker.submit(() -> {
        try {
          GameAnalysis.Result r = new GameAnalysis(match.rules()).analyze(match, job.done()::set);
          job.result()[0] = json(r, match);
        } catch (RuntimeException e) {
          job.result()[0] = failed(id, e);
        } finally {
          admission.release(address);
        }
        job.lastAsked()[0] = System.currentTimeMillis();
      });
    } catch (java.util.concurrent.RejectedExecutionException e) { // the last one admitted not yet off the worker
      admission.release(address);
      throw queueFull();
    }
    return job;
  }

  private Refusal queueFull() {
    return new Refusal("too-many", java.util.Map.of("limit", "review-queue", "max", queue, "seconds", 0),
        "the server is busy with " + queue + " reviews waiting; try again in a minute");
  }

  /** Reviews running or waiting (the health checks' queue depth: at the queue's bound plus the one running, new ones are refused). */
  public int inFlight() {
    return admission.inFlight();
  }

  /** Addresses with a review running or waiting (for tests of bounded memory). */
  public int addressesInFlight() {
    return admission.addresses();
  }

  /**
   * Holds the review worker until {@code release} is counted down: the test seam that keeps
   * reviews waiting for as long as a test needs, whatever the machine's speed. It takes no place
   * in the queue's counts.
   */
  public void holdWorkerForTests(java.util.concurrent.CountDownLatch release) {
    worker.submit(() -> {
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }

  /**
   * A review that could not be computed: the cause in one line of the server's log, and to the
   * client {@code review-failed} with no detail (a Java class name or message is nothing a
   * player can act on, nor anything a client should learn of the server).
   */
  public static ObjectNode failed(String id, RuntimeException e) {
    System.err.println("jacquet: review of game " + id + " failed: " + Health.rootCause(e));
    return FAILED;
  }

  private static final Refusal REVIEW_FAILED = new Refusal("review-failed", "the review could not be computed; the server's log says why");
  /** What a job holds when its review failed: answered as {@link #REVIEW_FAILED} in each client's language. */
  private static final ObjectNode FAILED = Problems.json(REVIEW_FAILED, true, java.util.Locale.ENGLISH);

  private static ObjectNode json(GameAnalysis.Result r, Match match) {
    ObjectNode o = StateView.JSON.createObjectNode().put("type", "review").put("ready", true);
    ArrayNode turns = o.putArray("turns");
    for (GameAnalysis.Turn t : r.turns()) {
      ObjectNode n = turns.addObject();
      n.put("game", t.game()).put("turn", t.number()).put("side", t.side().key()).put("dice", t.dice())
          .put("played", t.played()).put("best", t.best()).put("error", t.error()).put("mark", t.mark().text())
          .put("decision", t.decision()).put("winWhite", t.winAfter());
      if (t.luck() != null) n.put("luck", t.luck());
      n.set("position", StateView.position(t.before(), match.rules()));
      ArrayNode best = n.putArray("bestSteps");
      if (!t.best().equals("pass")) {
        for (int[] step : PlayNotation.segments(t.best())) best.addArray().add(step[0]).add(step[1]);
      }
    }
    ArrayNode players = o.putArray("players");
    for (GameAnalysis.Player p : r.players()) {
      players.addObject().put("side", p.side().key()).put("decisions", p.decisions()).put("errorRate", p.errorRate())
          .put("totalError", p.totalError()).put("rating", p.rating().text()).put("luck", p.luck())
          .put("doubtful", p.doubtful()).put("bad", p.bad()).put("veryBad", p.veryBad())
          .put("luckAdjusted", p.luckAdjusted());
    }
    return o;
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
