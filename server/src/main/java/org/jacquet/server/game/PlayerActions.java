package org.jacquet.server.game;

import java.util.List;
import java.util.Map;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.game.GameService.Action;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * What a seated player does to a game: each action checked against the rules and the seat
 * that sends it, applied under the game's lock and stored before it is acknowledged. A refused
 * action changes nothing. An action received after the mover's flag fell is refused
 * {@code out-of-time} and the flag declared.
 */
final class PlayerActions {
  /** How many times an action is tried on the game as stored when a change stored meanwhile refused it. */
  private static final int ACT_ATTEMPTS = 3;

  private final Rooms rooms;
  private final Flags flags;
  private final ComputerMoves computer;

  PlayerActions(Rooms rooms, Flags flags, ComputerMoves computer) {
    this.rooms = rooms;
    this.flags = flags;
    this.computer = computer;
  }

  /** See {@link GameService#act(String, String, Action, String, long)}. */
  int act(String id, String tokenHash, Action action, String client, long receivedAt) {
    for (int attempt = 1; ; attempt++) {
      try {
        return actOnce(id, tokenHash, action, client, receivedAt);
      } catch (Refusal e) {
        // The game was stored meanwhile by another hand (the invitation's seat taken as this
        // action came, another process's action): nothing of this action was stored, and it is
        // looked at again on the game as stored now — made, or refused for what the game is now.
        if (!"conflict".equals(e.code()) || attempt == ACT_ATTEMPTS) throw e;
      }
    }
  }

  private int actOnce(String id, String tokenHash, Action action, String client, long receivedAt) {
    GameRoom room = rooms.fresh(id);
    boolean flagged = false;
    int stored;
    try {
      synchronized (room) {
        Side side = room.sideOf(tokenHash);
        if (side == null) throw new Refusal("not-seated", "only the players of this game can play; spectators watch");
        if (room.clock != null && room.clock.outOfTime(receivedAt)) {
          Side loser = room.clock.running();
          flagged = flags.declare(room, receivedAt);
          throw outOfTime(loser);
        }
        // The flag was declared already (its timer came first): the game's action is refused for
        // what happened to it — out of time — not as if the turn had passed.
        if (!(action instanceof Action.Next) && "timeout".equals(room.forfeitOfCurrentGame())) {
          throw outOfTime(room.match.game().result().winner().opponent());
        }
        room.now = receivedAt;
        apply(room, side, action);
        stored = room.version;
      }
    } finally {
      room.now = 0;
      if (flagged) rooms.changed(id);
    }
    rooms.changed(id);
    computer.scheduleAfterLocalChange(id, client);
    return stored;
  }

  private static Refusal outOfTime(Side loser) {
    return new Refusal("out-of-time", Map.of("side", loser.key()),
        loser.key() + "'s reserve was spent before this action arrived: " + loser.key() + " loses the game on time");
  }

  private void apply(GameRoom room, Side side, Action action) {
    Match match = room.match;
    Game game = match.game();
    try {
      if (action instanceof Action.Roll) {
        if (game.phase() == Phase.OPENING_THROW) {
          if (room.isComputer(side)) throw new Refusal("not-your-turn", "it is not your turn");
        } else {
          requireTurn(game, side, Phase.ROLL, "it is not your turn to throw");
        }
        game.roll();
        rooms.commit(room, side, "roll");
      } else if (action instanceof Action.Choose c) {
        requireTurn(game, side, Phase.OPENING_CHOICE, "there is no opening choice for you to make");
        game.chooseOpening(c.throwAgain());
        rooms.commit(room, side, c.throwAgain() ? "throw again" : "play the opening dice");
      } else if (action instanceof Action.StepTo s) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        t.add(s.from(), s.to());
        rooms.storePending(room, t, () -> t.undo());
      } else if (action instanceof Action.Undo) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        List<org.jacquet.engine.Step> before = List.copyOf(t.steps());
        if (!t.undo()) throw new Refusal("nothing-to-undo", "there is no step to take back");
        org.jacquet.engine.Step taken = before.get(before.size() - 1);
        rooms.storePending(room, t, () -> t.add(taken.from(), taken.to()));
      } else if (action instanceof Action.Confirm) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        if (!t.isComplete()) throw new Refusal("incomplete", "the play is not complete: play the dice left or take steps back");
        Play play = t.play();
        game.play(play);
        rooms.commit(room, side, "play " + play.notation());
      } else if (action instanceof Action.PlayText p) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        Play play = game.play(TypedPlayText.read(p.play(), p.naming(), side));
        rooms.commit(room, side, "play " + play.notation());
      } else if (action instanceof Action.Resign) {
        if (game.isOver()) throw new Refusal("over", "the game is over");
        game.resign(side);
        rooms.commit(room, side, "resign");
      } else if (action instanceof Action.TakeBack) {
        rooms.commitRecord(room, side, "take back", Practice.takenBack(room, side));
      } else if (action instanceof Action.GoOn) {
        Practice.require(room);
        Side computerSide = side.opponent();
        requireTurn(game, computerSide, Phase.ROLL, "the computer has nothing to throw now");
        game.roll();
        rooms.commit(room, computerSide, "roll");
      } else if (action instanceof Action.Next) {
        if (!game.isOver()) throw new Refusal("not-over", "the game is not over");
        if (match.isOver()) throw new Refusal("match-over", "the match is over");
        match.nextGame();
        rooms.commit(room, side, "next game");
      }
    } catch (IllegalPlayException e) {
      throw Problems.illegal(e);
    } catch (IllegalStateException e) {
      throw Problems.notNow(e);
    }
  }

  /** Refuses {@code not-your-turn} unless the game waits for {@code side} in {@code phase}. */
  static void requireTurn(Game game, Side side, Phase phase, String message) {
    if (game.phase() != phase || game.sideToAct() != side) throw new Refusal("not-your-turn", message);
  }

  /** The steps laid down this turn, started anew when they no longer fit the legal plays. */
  private static TurnBuilder partial(GameRoom room, Game game) {
    if (room.partial == null || !room.partial.matches(game.legalPlays())) {
      room.partial = new TurnBuilder(room.rules, game.legalPlays());
    }
    return room.partial;
  }
}
