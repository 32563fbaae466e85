package org.jacquet.server.game;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Predicate;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.Step;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.clock.Clock;
import org.jacquet.engine.game.Scorer;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.review.Explanations;

/**
 * What a viewer is shown of a game: the board, the dice already thrown (never a future one),
 * whose turn, the moves so far, scores, who is connected; and to the player to move, the legal
 * plays and the steps laid down with where each checker may go next.
 */
public final class StateView {
  public static final ObjectMapper JSON = new ObjectMapper();

  private StateView() {}

  public static ObjectNode of(GameRoom room, Side viewer, Predicate<Side> connected) {
    Game game = room.match.game();
    ObjectNode o = JSON.createObjectNode();
    o.put("type", "state");
    o.put("id", room.id);
    o.put("version", room.version);
    o.put("rules", room.rules.toString());
    o.put("postilionEntry", room.rules.postilionEntry());
    o.put("bearOff", room.rules.bearOff().text());
    o.put("matchLength", room.match.length());
    o.put("practice", Practice.is(room));
    o.put("game", room.match.games().size());
    o.putObject("score").put("white", room.match.score(Side.WHITE)).put("black", room.match.score(Side.BLACK));
    if (viewer == null) o.putNull("you");
    else o.put("you", viewer.key());
    ObjectNode players = o.putObject("players");
    for (Side s : Side.values()) {
      ObjectNode p = players.putObject(s.key());
      boolean computer = room.isComputer(s);
      p.put("kind", computer ? "computer" : "human");
      if (computer) p.put("level", room.row.level());
      String name = room.row.seats().name(s == Side.WHITE);
      if (name != null) p.put("name", name);
      // An account's seat without a name: the account was deleted ("deleted player").
      else if (java.util.Objects.toString(s == Side.WHITE ? room.row.seats().whitePlayer() : room.row.seats().blackPlayer(), "")
          .startsWith(org.jacquet.server.identity.Player.ACCOUNT_PREFIX)) p.put("deleted", true);
      var rating = room.rating(s); // in the game's pool, as read when the room was loaded
      if (rating != null) p.set("rating", org.jacquet.server.rating.PlayerRatings.json(rating));
      p.put("connected", computer || connected.test(s));
      p.put("joined", s != room.openInvitation()); // an invited seat nobody has taken yet: false
    }
    o.put("time", room.row.seats().timeControl()).put("rated", room.row.seats().rated());
    o.put("phase", game.phase().name().toLowerCase(java.util.Locale.ROOT));
    o.put("turn", game.sideToAct().key());
    Position shown = game.position();
    boolean mine = viewer != null && game.phase() == Phase.PLAY && game.sideToAct() == viewer;
    TurnBuilder partial = game.phase() == Phase.PLAY && room.partial != null
        && room.partial.matches(game.legalPlays()) ? room.partial : null;
    if (partial != null && !partial.steps().isEmpty()) shown = partial.current();
    o.set("position", position(shown, room.rules));
    if (game.phase() == Phase.PLAY) {
      LegalPlays legal = game.legalPlays();
      dice(o, legal);
      ArrayNode steps = o.putArray("steps");
      if (partial != null) for (Step s : partial.steps()) steps.add(s.toString());
      if (mine) turn(o, legal, partial != null ? partial : new TurnBuilder(room.rules, legal), viewer);
    } else {
      o.putNull("dice");
    }
    o.set("events", events(game.events()));
    o.set("lost", Explanations.lostDice(room.rules, game.events()));
    Position start = room.match.games().size() == 1 && room.match.start() != null ? room.match.start() : Position.start(Side.WHITE);
    o.set("start", position(start, room.rules));
    if (room.rematch != null) o.put("rematch", room.rematch);
    GameResult r = game.result();
    if (r != null) {
      o.putObject("result").put("winner", r.winner() == null ? null : r.winner().key()).put("points", r.points())
          .put("reason", r.reason().key()).put("resigned", r.resigned()).put("forfeit", room.forfeitOfCurrentGame());
    } else {
      o.putNull("result");
    }
    if (viewer != null && r == null) {
      // What resigning now would concede (the page asks before it resigns).
      GameResult stake = Scorer.score(room.rules, game.position(), viewer.opponent(), true);
      o.putObject("resignStake").put("points", stake.points()).put("reason", stake.reason().key());
    }
    o.put("matchOver", room.match.isOver());
    o.put("timeControl", room.timeControl.toString());
    o.set("clock", clock(room.clock, room.time.now()));
    long now = room.time.now();
    for (var away : room.vacations.entrySet()) {
      if (away.getValue() > now) o.with("vacations").put(away.getKey().key(), away.getValue()); // until then, shown to both
    }
    if (room.outageCredit > 0 && room.clock != null && room.clock.running() != null) {
      o.put("outageCredit", room.outageCredit); // the server was down: this much time was given back
    }
    o.put("openingTie", room.rules.openingTie().text()); // "both-play": a tied opening throw is played
    o.put("seedHash", room.row.seedHash());
    if (room.match.isOver()) o.put("seed", Long.toString(room.row.seed()));
    return o;
  }

  /**
   * The clock as of the server's {@code now}: each side's reserve left, the side whose time runs
   * (or null), the free time left of its move; the page counts down from these and corrects
   * itself at every message. Null in an untimed game.
   */
  static ObjectNode clock(Clock clock, long now) {
    if (clock == null) return null;
    ObjectNode o = JSON.createObjectNode();
    o.put("white", clock.remaining(Side.WHITE, now)).put("black", clock.remaining(Side.BLACK, now));
    o.put("running", clock.running() == null ? null : clock.running().key());
    o.put("delay", clock.delayLeft(now)).put("delayPerMove", clock.control().moveMillis());
    o.put("now", now);
    return o;
  }

  /**
   * A puzzle's board as a game's state draws it for the side to move, {@code turn}'s steps laid
   * down: the same position, dice, moves and blocked points a player's own turn shows.
   */
  public static ObjectNode puzzle(Rules rules, LegalPlays legal, TurnBuilder turn) {
    Side mover = legal.position().turn();
    ObjectNode o = JSON.createObjectNode();
    o.put("rules", rules.toString());
    o.put("postilionEntry", rules.postilionEntry());
    o.put("bearOff", rules.bearOff().text());
    o.put("you", mover.key());
    o.put("phase", "play");
    o.put("turn", mover.key());
    o.set("position", position(turn.current(), rules));
    dice(o, legal);
    ArrayNode steps = o.putArray("steps");
    for (Step s : turn.steps()) steps.add(s.toString());
    turn(o, legal, turn, mover);
    return o;
  }

  /** The dice to play and whether the play is forced. */
  private static void dice(ObjectNode o, LegalPlays legal) {
    DiceToPlay d = legal.dice();
    ObjectNode dice = o.putObject("dice");
    ArrayNode values = dice.putArray("values");
    values.add(d.high()).add(d.low());
    dice.put("steps", d.count());
    dice.put("transferred", d.transferred());
    dice.put("text", d.toString());
    o.put("forced", legal.isForced());
  }

  /** What the side to move needs to play: the dice left, where each checker may go, why the others may not, the legal plays. */
  private static void turn(ObjectNode o, LegalPlays legal, TurnBuilder t, Side viewer) {
    ArrayNode left = o.putArray("diceLeft");
    for (int v : t.diceLeft()) left.add(v);
    o.put("complete", t.isComplete());
    ObjectNode moves = o.putObject("moves");
    for (var m : t.moves().entrySet()) {
      ArrayNode to = moves.putArray(Integer.toString(m.getKey()));
      for (int dest : m.getValue()) to.add(dest);
    }
    o.set("blocked", Explanations.blocked(t, viewer, t.current()));
    ArrayNode plays = o.putArray("legal");
    for (Play p : legal.plays()) plays.add(p.notation());
  }

  /** A board as the browser draws it: each side's points in its own frame, off, pips, postilion. */
  public static ObjectNode position(Position p, org.jacquet.engine.rules.Rules rules) {
    ObjectNode o = JSON.createObjectNode();
    o.put("text", p.toString());
    for (Side s : Side.values()) {
      ObjectNode side = o.putObject(s.key());
      ArrayNode counts = side.putArray("points");
      for (int r = 0; r <= 24; r++) counts.add(r == 0 ? 0 : p.count(s, r));
      side.put("off", p.borneOff(s));
      side.put("pips", p.pipCount(s));
      boolean bound = p.postilionBound(s, rules.postilionEntry());
      if (bound && p.count(s, 1) < 15) side.put("postilion", p.postilionPoint(s));
      else side.putNull("postilion");
      side.put("bound", bound);
    }
    return o;
  }

  private static ArrayNode events(List<GameEvent> events) {
    ArrayNode a = JSON.createArrayNode();
    for (GameEvent e : events) {
      ObjectNode o = a.addObject();
      if (e instanceof GameEvent.OpeningThrow t) {
        o.put("kind", "opening").put("white", t.white()).put("black", t.black());
      } else if (e instanceof GameEvent.OpeningChoice c) {
        o.put("kind", "choice").put("side", c.side().key()).put("throwAgain", c.throwsAgain());
      } else if (e instanceof GameEvent.Turn t) {
        o.put("kind", "turn").put("side", t.side().key()).put("dice", t.dice().toString())
            .put("transferred", t.dice().transferred()).put("play", t.play().notation())
            .put("pass", t.play().isPass());
      } else if (e instanceof GameEvent.Resignation r) {
        o.put("kind", "resign").put("side", r.side().key());
      }
    }
    return a;
  }
}
