package org.jacquet.cli.play;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.OpeningTie;

/**
 * What the player reads of the game: the welcome, every throw, choice, play and pass once, as
 * it happens (points named as the player chose: {@link PointNaming}), the board with its panel, and the game so far.
 */
final class Narrator {
  private final Session session;
  private final Console console;
  private final Texts texts;
  private final BoardView board;
  /** How plays are written: the board letters unless the player chose the mover's numbers. */
  private PointNaming naming = PointNaming.DEFAULT;
  /** The events of the game in hand already told, and which game that is. */
  private int told;
  private int toldGame = -1;

  Narrator(Session session, Console console, Texts texts) {
    this.session = session;
    this.console = console;
    this.texts = texts;
    this.board = new BoardView(texts, console.colour());
  }

  void naming(PointNaming naming) {
    this.naming = naming;
  }

  PointNaming naming() {
    return naming;
  }

  /** A play {@code mover} made or may make, points named as the player chose. */
  String name(Play play, Side mover) {
    return naming.write(play, mover);
  }

  /** Steps in {@code mover}'s route numbers ({@code 1/7 7/12}), points named as the player chose. */
  String name(String notation, Side mover) {
    return naming.write(notation, mover);
  }

  /** "Refused: …", the rule broken with its points named as the player chose, broken to fit 80 columns. */
  void refuse(IllegalPlayException e, Side mover) {
    refuse(e.message(texts.locale(), naming, mover));
  }

  /** "Refused: {@code reason}", broken to fit 80 columns. */
  void refuse(String reason) {
    say(texts.get("refused", reason));
  }

  void welcome() {
    for (String line : texts.get("welcome", texts.rules(session.rules()), session.match().length(), session.name(Side.WHITE),
        session.name(Side.BLACK), session.headers().getOrDefault("Seed", "?")).split("\n")) {
      console.println(line);
    }
    Side reader = reader(session.match().game());
    console.println(texts.get("welcome.help", name(TypedPlay.EXAMPLE_PLAY, reader), name(TypedPlay.EXAMPLE_STEP, reader)));
  }

  /** Whose examples the help gives: the person at the keyboard, or the side to act when two play there. */
  Side reader(Game game) {
    return session.level() == null ? game.sideToAct() : session.humanSide();
  }

  /** The help's examples for {@code reader} ({@link TypedPlay#helpExamples}). */
  Object[] helpExamples(Side reader) {
    return TypedPlay.helpExamples(texts, naming, reader);
  }

  /** Text that may be longer than a line, broken to fit 80 columns. */
  void say(String text) {
    Paragraph.lines(text, Paragraph.WIDTH).forEach(console::println);
  }

  /** Whether the game in hand is one not told of yet (a new game of the match); it is from now on. */
  boolean startsNewGame() {
    int game = session.match().games().size() - 1;
    if (toldGame == game) return false;
    toldGame = game;
    told = 0;
    return true;
  }

  /** Everything so far is taken as told: a new match starts from nothing, a loaded one from where it was. */
  void toldUpTo(int events, int game) {
    told = events;
    toldGame = game;
  }

  /** The events up to now were said otherwise (a choice made, a forced play told with its board). */
  void toldAll(Game game) {
    told = game.events().size();
  }

  /** The next event was said otherwise (a forced play). */
  void toldOne() {
    told++;
  }

  /** Prints what happened since the last announcement: throws, passes, the plays. */
  void announce(Game game) {
    List<GameEvent> events = game.events();
    for (; told < events.size(); told++) {
      GameEvent e = events.get(told);
      if (e instanceof GameEvent.OpeningThrow t) {
        console.println(texts.get("opening.throw", t.white(), t.black()));
        if (!t.isTie()) console.println(texts.get("opening.winner", texts.side(t.winner())));
        else if (session.rules().openingTie() == OpeningTie.BOTH_PLAY) {
          console.println(texts.get("opening.tie.both", texts.dice(DiceToPlay.of(Dice.of(t.white(), t.black()), session.rules()))));
        } else console.println(texts.get("opening.tie"));
      } else if (e instanceof GameEvent.Turn t) {
        String dice = texts.dice(t.dice());
        if (t.play().isPass()) {
          console.println(texts.get("pass", texts.side(t.side()), dice, passReason(game.position(), t.side())));
          continue;
        }
        String play = name(t.play(), t.side()) + lost(t.unused());
        if (session.isHuman(t.side())) {
          console.println(texts.get("human.plays", texts.side(t.side()), dice, play));
        } else {
          console.println(texts.get("bot.plays", texts.side(t.side()), session.level().displayName(texts.locale()), dice, play));
        }
      } else if (e instanceof GameEvent.Resignation r) {
        console.println(texts.get("resigned", texts.side(r.side())));
      }
    }
  }

  /** "White throws 6 and 5", or the dice passed on to be played first. */
  void announceDice(Game game) {
    Side side = game.sideToAct();
    if (game.playingTransferredDice()) console.println(texts.get("transferred", texts.side(side), texts.dice(game.diceToPlay())));
    else console.println(texts.get("roll", texts.side(side), texts.dice(game.diceToPlay())));
  }

  /** " (the 5 cannot be played)" after a partly played turn; empty when every die was used. */
  String lost(List<Integer> unused) {
    if (unused.isEmpty()) return "";
    List<String> dice = unused.stream().map(texts::die).toList();
    return texts.get(unused.size() == 1 ? "lost.one" : "lost.many", String.join(texts.get("and"), dice));
  }

  /** Why a side could not play: its postilion is stuck, bear-off is barred, or all are blocked. */
  private String passReason(Position position, Side side) {
    if (position.postilionBound(side, session.rules().postilionEntry())) return texts.get("pass.postilion");
    boolean home = position.rearmost(side) >= 19;
    if (home && session.rules().bearOff() == BearOff.OPPONENT_TALON && position.count(side.opponent(), 1) > 0) {
      return texts.get("pass.talon");
    }
    return texts.get("pass.blocked");
  }

  /** The board from {@code viewer}'s seat, with the score and the game's number and ID beside it. */
  void showBoard(Position p, Side viewer) {
    List<String> extra = new ArrayList<>();
    extra.add(texts.get("board.score", session.match().score(Side.WHITE), session.match().score(Side.BLACK), session.match().length()));
    extra.add(texts.get("board.game", session.match().games().size(), p.id()));
    for (String line : board.render(p, session.rules(), viewer, extra)) console.println(line);
  }

  /** The game so far, turn by turn, points named as in the narration. */
  void history(Game game) {
    console.println(texts.get("history.header", session.match().games().size(), session.score()));
    int n = 0;
    for (GameEvent e : game.events()) {
      if (e instanceof GameEvent.Turn t) {
        String play = t.play().isPass() ? texts.get("history.pass")
            : name(t.play(), t.side()) + lost(t.unused());
        console.println(String.format("%4d) %s %s: %s", ++n, texts.side(t.side()), texts.dice(t.dice()), play));
      } else if (e instanceof GameEvent.Resignation r) {
        console.println("      " + texts.get("resigned", texts.side(r.side())));
      }
    }
    if (n == 0) console.println(texts.get("history.empty"));
  }
}
