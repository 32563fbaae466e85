package org.jacquet.cli.play;

import java.util.Locale;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.game.Game;

/**
 * A person's turn at the play prompt: a play typed whole, step by step with undo (the board
 * shown after each step, Enter confirms), or picked by number from {@code ?} or {@code hint};
 * every refusal names the rule broken, and the turn goes on.
 */
final class HumanTurn {
  private final Session session;
  private final Console console;
  private final Texts texts;
  private final Prompt prompt;
  private final Narrator narrator;
  private final Commands commands;
  private final PlayMenu menu;
  private final TypedPlay typed;

  HumanTurn(Session session, Console console, Texts texts, Prompt prompt, Narrator narrator, Commands commands) {
    this.session = session;
    this.console = console;
    this.texts = texts;
    this.prompt = prompt;
    this.narrator = narrator;
    this.commands = commands;
    this.menu = new PlayMenu(console, texts);
    this.typed = new TypedPlay(texts, narrator);
  }

  /** Plays the turn of the side to act in {@code game}, asking until a play is made or the game resigned. */
  void play(Game game) {
    Side side = game.sideToAct();
    LegalPlays legal = game.legalPlays();
    if (legal.isPass()) {
      game.play(legal.plays().get(0)); // announced with its reason, like any pass
      return;
    }
    if (legal.isForced()) {
      // No board: the next decision's board shows where the forced play led.
      console.println(texts.get("forced", texts.side(side), texts.dice(game.diceToPlay()),
          narrator.name(legal.plays().get(0), side) + narrator.lost(legal.unused())));
      game.play(legal.plays().get(0));
      narrator.toldOne(); // the forced play is said above; what follows it is announced as usual
      return;
    }
    narrator.showBoard(game.position(), side);
    TurnBuilder turn = new TurnBuilder(session.rules(), legal);
    String diceText = texts.dice(game.diceToPlay());
    menu.reset();
    while (true) {
      String input = prompt.next(texts.get("prompt", texts.side(side), diceText));
      String command = input.toLowerCase(Locale.ROOT);
      try {
        if (command(game, legal, turn, side, input, command)) return;
      } catch (IllegalPlayException e) { // a play the rules refuse, its points named as the player reads them
        narrator.refuse(e, side);
      } catch (IllegalArgumentException e) { // a text the engine cannot read
        narrator.refuse(texts.reason(e));
      } catch (Prompt.Quit | Commands.NewMatch e) {
        throw e;
      } catch (RuntimeException e) { // a command that failed: say so, and the game goes on
        console.println(texts.get("command.failed", texts.reason(e)));
      }
    }
  }

  /** One line typed at the play prompt; true when the turn is over (played or resigned). */
  private boolean command(Game game, LegalPlays legal, TurnBuilder turn, Side side, String input, String command) {
    switch (command) {
      case "" -> {
        if (turn.isComplete()) {
          game.play(turn.play());
          return true;
        }
        console.println(texts.get("steps", steps(turn, side), diceLeft(turn)));
      }
      case "?", "list", "liste" -> menu.list(legal, session.rules(), narrator.naming());
      case "undo", "u", "annuler", "a" -> {
        if (turn.undo()) {
          console.println(texts.get("undone"));
          narrator.showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
        } else {
          console.println(texts.get("nothing.to.undo"));
        }
      }
      case "hint", "conseil" -> menu.hint(legal, session.rules(), narrator.naming());
      case "board", "tablier" -> narrator.showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
      case "pass", "passe", "-" -> console.println(texts.get("no.pass"));
      case "resign", "abandon" -> {
        if (commands.confirm("confirm.resign")) {
          game.resign(side);
          return true;
        }
      }
      default -> {
        if (command.matches("\\d+")) {
          Play chosen = menu.pick(legal, session.rules(), command);
          if (chosen == null) return false;
          game.play(chosen);
          return true;
        }
        if (TypedPlay.looksLikePlay(command)) return enter(game, turn, input, side);
        if (!commands.run(command, input, game)) console.println(texts.get("unknown", input));
      }
    }
    return false;
  }

  /** A play or steps typed, in the naming the player reads; true when a whole play has been played. */
  private boolean enter(Game game, TurnBuilder turn, String input, Side side) {
    String notation;
    try {
      notation = typed.notation(input, side);
    } catch (Texts.Said otherNaming) {
      narrator.refuse(otherNaming.getMessage());
      return false;
    } catch (IllegalPlayException unreadable) {
      narrator.refuse(unreadable, side);
      return false;
    }
    if (turn.steps().isEmpty()) {
      try {
        game.play(notation);
        return true;
      } catch (IllegalPlayException e) {
        if (e.reason() != IllegalReason.MUST_USE_MORE_DICE) {
          narrator.refuse(e, side);
          return false;
        }
      }
    }
    int before = turn.steps().size();
    try {
      for (int[] segment : PlayNotation.segments(notation)) addSegment(turn, segment[0], segment[1]);
    } catch (IllegalPlayException e) {
      while (turn.steps().size() > before) turn.undo();
      narrator.refuse(e, side);
      return false;
    }
    narrator.showBoard(turn.current(), side);
    if (turn.isComplete()) console.println(texts.get("confirm", steps(turn, side)));
    else console.println(texts.get("steps", steps(turn, side), diceLeft(turn)));
    return false;
  }

  /** The steps made so far, points named as the player reads them. */
  private String steps(TurnBuilder turn, Side side) {
    return narrator.name(PlayNotation.format(turn.steps()), side);
  }

  /**
   * One checker from {@code from} to {@code to}: by one die, or by several in a row when no
   * single die fits ({@code 1/9} with 4-4 is {@code 1/5 5/9}). Refused, changing nothing, with
   * the first reason met.
   */
  private static void addSegment(TurnBuilder turn, int from, int to) {
    try {
      turn.add(from, to);
    } catch (IllegalPlayException single) {
      if (single.reason() != IllegalReason.NO_SUCH_DIE || !chain(turn, from, to)) throw single;
    }
  }

  private static boolean chain(TurnBuilder turn, int from, int to) {
    for (int die : new java.util.TreeSet<>(turn.diceLeft())) {
      int mid = from + die;
      if (mid >= to || mid > 24) continue;
      try {
        turn.add(from, mid);
      } catch (IllegalPlayException e) {
        continue;
      }
      try {
        turn.add(mid, to);
        return true;
      } catch (IllegalPlayException e) {
        if (chain(turn, mid, to)) return true;
      }
      turn.undo();
    }
    return false;
  }

  private static String diceLeft(TurnBuilder turn) {
    return String.join("-", turn.diceLeft().stream().map(String::valueOf).toList());
  }
}
