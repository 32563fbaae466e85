package org.jacquet.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.engine.PlayNotation;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.Match;

/**
 * Game reviews for the web app: the analysis of a game runs in the background, one at a time
 * per server, and its progress can be asked for; finished reviews are kept per game version.
 */
final class Reviews implements AutoCloseable {
  private record Job(int version, int total, AtomicInteger done, ObjectNode[] result) {}

  private final GameService games;
  private final Map<String, Job> jobs = new ConcurrentHashMap<>();
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "jacquet-review");
    t.setDaemon(true);
    return t;
  });

  Reviews(GameService games) {
    this.games = games;
  }

  /** The review of the game as stored now: started if needed; its progress until it is ready. */
  ObjectNode get(String id) {
    String record = games.read(id, GameRoom::publicRecord);
    int version = games.read(id, room -> room.version);
    Job job = jobs.compute(id, (k, old) -> old != null && old.version() == version ? old : start(id, record, version));
    ObjectNode ready = job.result()[0];
    if (ready != null) return ready;
    return StateView.JSON.createObjectNode().put("type", "review").put("ready", false)
        .put("done", job.done().get()).put("total", job.total());
  }

  private Job start(String id, String record, int version) {
    Match match = GameRecord.read(record).match();
    int total = (int) match.games().stream().flatMap(g -> g.events().stream())
        .filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).count();
    Job job = new Job(version, total, new AtomicInteger(), new ObjectNode[1]);
    worker.submit(() -> {
      try {
        GameAnalysis.Result r = new GameAnalysis(match.rules()).analyze(match, job.done()::set);
        job.result()[0] = json(r, match);
      } catch (RuntimeException e) {
        job.result()[0] = StateView.JSON.createObjectNode().put("type", "error").put("code", "review")
            .put("message", "the review failed: " + e.getMessage());
      }
    });
    return job;
  }

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
