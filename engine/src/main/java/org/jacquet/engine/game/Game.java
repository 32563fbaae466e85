package org.jacquet.engine.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.StartingPosition;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.rules.Opening;
import org.jacquet.engine.rules.OpeningTie;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.UnusedDice;

/**
 * One game from the opening throw to the last checker borne off (RULES.md §2–7): whose turn,
 * which dice, which plays are legal, passes, the Versailles dice transfer, and the score.
 *
 * <p>Chance is explicit: {@link #roll()} draws from the injected {@link DiceSource}, so a game
 * replays exactly from its seed. Every action is checked first: a refused action throws and
 * leaves the game exactly as it was. A side with no legal play passes automatically (the pass
 * is recorded as a turn with an empty play).
 */
public final class Game {
  /** What the dice being played are: a throw, Versailles' transferred dice, or an opening tie. */
  private enum DiceKind { THROW, TRANSFERRED, OPENING_TIE_WHITE, OPENING_TIE_BLACK }

  private final Rules rules;
  private final DiceSource dice;
  private final List<GameEvent> events = new ArrayList<>();
  private Position position;
  private Phase phase = Phase.OPENING_THROW;
  private DiceToPlay toPlay;
  private DiceKind kind;
  private LegalPlays legal;
  private GameResult result;
  private Dice openingDice;

  public Game(Rules rules, DiceSource dice) {
    this(rules, dice, Position.start(Side.WHITE));
  }

  /**
   * A game from a set-up position: it starts with the opening throw all the same, unless
   * {@code skipOpening}, in which case the position's side to move throws first.
   *
   * @throws org.jacquet.engine.IllegalPositionException if no game can be played from {@code
   *     start} ({@link StartingPosition#check}: over already, a block rule broken, locked)
   */
  public Game(Rules rules, DiceSource dice, Position start, boolean skipOpening) {
    this.rules = rules;
    this.dice = dice;
    this.position = start;
    StartingPosition.check(rules, start);
    if (skipOpening) phase = Phase.ROLL;
  }

  public Game(Rules rules, DiceSource dice, Position start) {
    this(rules, dice, start, false);
  }

  public Rules rules() {
    return rules;
  }

  public Phase phase() {
    return phase;
  }

  /** The board, with {@code turn} the side that acts next (or acted last when over). */
  public Position position() {
    return position;
  }

  /** The side that acts next: throws, chooses or plays. */
  public Side sideToAct() {
    return position.turn();
  }

  /** The dice to play, in phase PLAY. */
  public DiceToPlay diceToPlay() {
    requirePhase(Phase.PLAY, "no-dice-to-play");
    return toPlay;
  }

  /** Whether the dice to play were passed on by the opponent (Versailles). */
  public boolean playingTransferredDice() {
    return phase == Phase.PLAY && kind == DiceKind.TRANSFERRED;
  }

  /** The legal plays for the dice to play, in phase PLAY. */
  public LegalPlays legalPlays() {
    requirePhase(Phase.PLAY, "no-dice-to-play");
    return legal;
  }

  public List<GameEvent> events() {
    return Collections.unmodifiableList(events);
  }

  public boolean isOver() {
    return phase == Phase.OVER;
  }

  public GameResult result() {
    return result;
  }

  /**
   * Throws the dice: the opening throw (one die each) in phase OPENING_THROW, the side's own two
   * dice in phase ROLL, or a fresh throw chosen by the opening winner in phase OPENING_CHOICE.
   */
  public void roll() {
    switch (phase) {
      case OPENING_THROW -> openingThrow();
      case ROLL -> startTurn(position.turn(), DiceToPlay.of(throwTwo(), rules), DiceKind.THROW);
      default -> throw refusal("cannot-throw");
    }
  }

  /** Under {@code opening=winner-chooses}: play the opening dice, or throw both again. */
  public void chooseOpening(boolean throwAgain) {
    requirePhase(Phase.OPENING_CHOICE, "no-opening-choice");
    Side winner = position.turn();
    events.add(new GameEvent.OpeningChoice(winner, throwAgain));
    if (throwAgain) phase = Phase.ROLL;
    else startTurn(winner, DiceToPlay.of(openingDice, rules), DiceKind.THROW);
  }

  /** Plays a legal play (compared by the position it leads to). */
  public void play(Play play) {
    requirePhase(Phase.PLAY, "no-dice-to-play");
    Play legalPlay = legal.leadingTo(play.result()).orElseThrow(() -> new IllegalArgumentException(
        "'" + play.notation() + "' is not a legal play for " + toPlay + " here"));
    applyPlay(legalPlay);
  }

  /** Plays a play typed in notation; refuses an illegal one with the rule it breaks. */
  public Play play(String notation) throws IllegalPlayException {
    requirePhase(Phase.PLAY, "no-dice-to-play");
    Play play = PlayNotation.parse(notation, rules, position, toPlay);
    applyPlay(play);
    return play;
  }

  /** {@code side} gives up the game, conceding what its checkers would cost it now. */
  public void resign(Side side) {
    if (phase == Phase.OVER) throw new GameStateException("game-over");
    events.add(new GameEvent.Resignation(side, phase == Phase.PLAY ? toPlay : null));
    finish(Scorer.score(rules, position, side.opponent(), true));
  }

  // ----------------------------------------------------------------------------------------

  private void openingThrow() {
    int white = dice.roll();
    int black = dice.roll();
    checkDie(white);
    checkDie(black);
    GameEvent.OpeningThrow t = new GameEvent.OpeningThrow(white, black);
    events.add(t);
    if (t.isTie()) {
      if (rules.openingTie() == OpeningTie.BOTH_PLAY) {
        DiceToPlay tie = DiceToPlay.of(Dice.of(white, black), rules);
        startTurn(Side.WHITE, tie, DiceKind.OPENING_TIE_WHITE);
      }
      return; // otherwise the tie is simply thrown again
    }
    Side winner = t.winner();
    position = position.withTurn(winner);
    openingDice = Dice.of(white, black);
    if (rules.opening() == Opening.REROLL) phase = Phase.ROLL;
    else if (rules.opening() == Opening.PLAY_OPENING_DICE) {
      startTurn(winner, DiceToPlay.of(openingDice, rules), DiceKind.THROW);
    } else phase = Phase.OPENING_CHOICE;
  }

  private Dice throwTwo() {
    int a = dice.roll();
    int b = dice.roll();
    checkDie(a);
    checkDie(b);
    return Dice.of(a, b);
  }

  private static void checkDie(int die) {
    if (die < 1 || die > 6) throw new GameStateException("dice-source", die);
  }

  private void startTurn(Side side, DiceToPlay diceToPlay, DiceKind diceKind) {
    position = position.withTurn(side);
    toPlay = diceToPlay;
    kind = diceKind;
    // The thread's generator, not one per game: its tables (~30 KB) would be held by every game
    // a server keeps in memory, and a game only needs it for the time of this call.
    PlayGenerator generator = PlayGenerator.ofThisThread(rules);
    legal = generator.legalPlays(position, toPlay);
    phase = Phase.PLAY;
    if (legal.isPass()) {
      applyPlay(legal.plays().get(0));
      // Decision (docs/rules.md, decisions beyond RULES.md): a game in which neither side can ever move again ends
      // at once with no winner, rather than passing for ever.
      if (phase != Phase.OVER && StartingPosition.stuck(generator, position)) {
        finish(GameResult.locked());
      }
    }
  }

  private void applyPlay(Play play) {
    Side mover = position.turn();
    events.add(new GameEvent.Turn(mover, toPlay, play, legal.unused()));
    position = play.result();
    if (position.winner() == mover) {
      finish(Scorer.score(rules, position.withTurn(mover), mover, false));
      return;
    }
    Side opponent = mover.opponent();
    switch (kind) {
      case OPENING_TIE_WHITE -> startTurn(opponent, toPlay, DiceKind.OPENING_TIE_BLACK);
      case OPENING_TIE_BLACK -> {
        // Decision (RULES.md §7 is silent): dice left over from the tie doubles are lost.
        position = position.withTurn(Side.WHITE);
        phase = Phase.OPENING_THROW;
      }
      case TRANSFERRED -> {
        // The transferred dice played (what could not be used is lost): now the side's own throw.
        position = position.withTurn(mover);
        phase = Phase.ROLL;
      }
      case THROW -> {
        List<Integer> unused = legal.unused();
        if (rules.unusedDice() == UnusedDice.PASSED && !unused.isEmpty()) {
          startTurn(opponent, DiceToPlay.transferred(unused), DiceKind.TRANSFERRED);
        } else {
          phase = Phase.ROLL;
        }
      }
    }
  }

  private void finish(GameResult r) {
    result = r;
    toPlay = null;
    legal = null;
    phase = Phase.OVER;
  }

  private void requirePhase(Phase expected, String code) {
    if (phase != expected) throw refusal(code);
  }

  /** Why the action cannot be taken now: the game is over, or it waits for something else. */
  private GameStateException refusal(String code) {
    return phase == Phase.OVER ? new GameStateException("game-over") : new GameStateException(code, phase);
  }
}
