package org.jacquet.cli.play;

import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;

/**
 * The commands heard at every prompt, whatever the game waits for: help, score, pips, the game
 * so far, the position's ID, save, a change of level, a new match, quit.
 */
final class Commands {
  private final Session session;
  private final Console console;
  private final Texts texts;
  private final Prompt prompt;
  private final Narrator narrator;
  private final RecordKeeper records;

  Commands(Session session, Console console, Texts texts, Prompt prompt, Narrator narrator, RecordKeeper records) {
    this.session = session;
    this.console = console;
    this.texts = texts;
    this.prompt = prompt;
    this.narrator = narrator;
    this.records = records;
  }

  /** Thrown by the {@code new} command: the match in hand is saved and a new one starts. */
  static final class NewMatch extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int length;

    NewMatch(int length) {
      super(null, null, false, false);
      this.length = length;
    }
  }

  /** "y" to the question, worded with the record's file; the end of input leaves the game. */
  boolean confirm(String question) {
    return prompt.confirm(question, session.recordFile());
  }

  /**
   * Runs {@code input} ({@code command} is it in lower case) if it is one of these commands;
   * false when it is none of them.
   */
  boolean run(String command, String input, Game game) {
    String word = command.split("\\s+", 2)[0];
    String argument = input.contains(" ") ? input.substring(input.indexOf(' ') + 1).trim() : "";
    switch (word) {
      case "help", "aide", "h" -> console.println(texts.get("help", narrator.helpExamples(narrator.reader(game))));
      case "score" -> console.println(session.score());
      case "pips", "points" -> console.println(texts.get("pips", game.position().pipCount(Side.WHITE), game.position().pipCount(Side.BLACK)));
      case "history", "historique", "game", "partie" -> narrator.history(game);
      case "id" -> console.println(texts.get("position.id", game.position().id()));
      case "save", "sauver" -> {
        if (argument.isEmpty()) console.println(texts.get("save.usage"));
        else records.saveAs(argument);
      }
      case "level", "niveau" -> changeLevel(argument);
      case "new", "nouveau" -> {
        int length = session.match().length();
        if (!argument.isEmpty()) {
          if (!argument.matches("\\d{1,3}") || Integer.parseInt(argument) < 1) {
            console.println(texts.get("new.usage"));
            return true;
          }
          length = Integer.parseInt(argument);
        }
        if (confirm("confirm.new")) throw new NewMatch(length);
      }
      case "quit", "quitter", "exit", "q" -> {
        if (confirm("confirm.quit")) throw new Prompt.Quit();
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private void changeLevel(String argument) {
    Level level = session.level();
    if (level == null) {
      console.println(texts.get("level.two.players"));
      return;
    }
    if (argument.isEmpty()) {
      console.println(texts.get("level.usage", level.displayName(texts.locale())));
      return;
    }
    Level next;
    try {
      next = Level.parse(argument);
    } catch (IllegalArgumentException e) {
      console.println(texts.get("refused", texts.get("level.unknown", Texts.quote(argument))));
      console.println(texts.get("level.usage", level.displayName(texts.locale())));
      return;
    }
    Bot bot;
    try {
      bot = next.create(session.rules(), session.seed() + 1 + session.match().games().size());
    } catch (RuntimeException e) { // e.g. no network for these rules: the level in hand stays
      console.println(texts.get("refused", texts.get("level.unavailable", next.displayName(texts.locale()), texts.rules(session.rules()))));
      return;
    }
    session.changeLevel(next, bot);
    console.println(texts.get("level.changed", next.displayName(texts.locale())));
  }
}
