package org.jacquet.engine;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.Blocking;
import org.jacquet.engine.rules.Rules;

/**
 * Generates every legal play of RULES.md §3–5 for a position and dice: each step checked in turn
 * (postilion rule, opposing checkers, bear-off, block restrictions after every stop), maximum
 * dice use, the higher-die rule, one play per distinct resulting position.
 *
 * <p>Built for speed: a generator is reused across calls and allocates nothing per step (the
 * mover's side is a count array plus two bit masks, positions are keyed by two longs, and the
 * hash tables are cleared by stamping). Not thread-safe: use one per thread.
 */
public final class PlayGenerator {
  static final int OK = 0;
  private static final int MAX_STEPS = 6;
  private static final int HOME_MASK_OUTSIDE = (1 << 18) - 1; // route points 1..18
  private static final int FIRST_QUADRANT = 0x3F; // route points 1..6
  private static final int ALL_POINTS = 0xFFFFFF;
  private static final IllegalReason[] REASONS = IllegalReason.values();
  private static final DiceToPlay ANY_DICE = DiceToPlay.transferred(java.util.List.of(1));

  private final Rules rules;
  private final int entry;
  private final int returnMask;
  private final boolean opponentTalonRule;

  // The position being generated, in the mover's frame. Bit r-1 of a mask stands for point r.
  private Position source;
  private final int[] own = new int[26]; // own[25] = checkers borne off
  private int held;
  private int oppHeld;
  private int protectedRuns; // block starts (opponent frame, bit q-1) that would shut out its postilion
  private long key0; // 4 bits per point, points 1..12
  private long key1; // points 13..24
  private int lastTo;

  private int high;
  private int low;
  private int count;
  private boolean pair;

  private final int[] stackFrom = new int[MAX_STEPS];
  private final int[] stackTo = new int[MAX_STEPS];
  private int depth;

  private int maxDepth;
  private int resultCount;
  private long[] resKey0 = new long[64];
  private long[] resKey1 = new long[64];
  private int[] resSteps = new int[64 * MAX_STEPS * 2];
  private int[] resDepth = new int[64];
  private int[] resFirstDie = new int[64];

  private final LongPairSet results = new LongPairSet(256);
  private final LongPairSet visited = new LongPairSet(1024);

  public PlayGenerator(Rules rules) {
    this.rules = rules;
    this.entry = rules.postilionEntry();
    this.returnMask = rules.returnCheckers() == 2 ? (1 << 23) | (1 << 22) : 1 << 23;
    this.opponentTalonRule = rules.bearOff() == BearOff.OPPONENT_TALON;
  }

  public Rules rules() {
    return rules;
  }

  /**
   * Generates the legal plays of {@code position} (its side to move) with {@code dice}; returns
   * how many there are (at least 1: a position with no legal step has the single empty play).
   * Read them with {@link #stepCount}, {@link #stepFrom}, {@link #stepTo}, {@link #result}.
   */
  public int generate(Position position, DiceToPlay dice) {
    load(position, dice);
    maxDepth = 0;
    resultCount = 0;
    results.clear();
    visited.clear();
    depth = 0;
    if (pair) {
      generatePair();
      if (maxDepth == 1) keepHigherDie();
    } else {
      generateEqual(0);
    }
    return resultCount;
  }

  /** Generates and materialises the plays as immutable values. */
  public LegalPlays legalPlays(Position position, DiceToPlay dice) {
    int n = generate(position, dice);
    List<Play> plays = new ArrayList<>(n);
    for (int i = 0; i < n; i++) plays.add(play(i));
    return new LegalPlays(position, dice, plays, unusedDice());
  }

  private static final ThreadLocal<PlayGenerator> OF_THIS_THREAD = new ThreadLocal<>();

  /**
   * A generator for {@code rules} owned by the calling thread, for code that generates now and
   * then and should not hold a generator's tables between calls (a {@link
   * org.jacquet.engine.game.Game}). Its results are valid until this thread's next call that
   * generates; one generator a thread, replaced when the rules change.
   */
  public static PlayGenerator ofThisThread(Rules rules) {
    PlayGenerator g = OF_THIS_THREAD.get();
    if (g == null || !g.rules.equals(rules)) {
      g = new PlayGenerator(rules);
      OF_THIS_THREAD.set(g);
    }
    return g;
  }

  /** Convenience: the legal plays with a throwaway generator. */
  public static LegalPlays legalPlays(Rules rules, Position position, DiceToPlay dice) {
    return new PlayGenerator(rules).legalPlays(position, dice);
  }

  public int playCount() {
    return resultCount;
  }

  /** Number of steps every generated play uses. */
  public int stepsUsed() {
    return maxDepth;
  }

  public int stepCount(int play) {
    return resDepth[play];
  }

  public int stepFrom(int play, int step) {
    return resSteps[(play * MAX_STEPS + step) * 2];
  }

  public int stepTo(int play, int step) {
    return resSteps[(play * MAX_STEPS + step) * 2 + 1];
  }

  /** The values of the dice no legal play can use (lost, or passed on under Versailles). */
  public List<Integer> unusedDice() {
    List<Integer> unused = new ArrayList<>(2);
    if (pair) {
      if (maxDepth == 0) {
        unused.add(high);
        unused.add(low);
      } else if (maxDepth == 1) {
        unused.add(resFirstDie[0] == high ? low : high);
      }
    } else {
      for (int i = maxDepth; i < count; i++) unused.add(high);
    }
    return unused;
  }

  /** Play {@code i} as an immutable value. */
  public Play play(int i) {
    List<Step> steps = new ArrayList<>(resDepth[i]);
    for (int s = 0; s < resDepth[i]; s++) steps.add(new Step(stepFrom(i, s), stepTo(i, s)));
    return new Play(steps, result(i));
  }

  /** The position play {@code i} leads to, with the turn passed to the opponent. */
  public Position result(int i) {
    return positionFromKeys(resKey0[i], resKey1[i]);
  }

  /**
   * The mover's checkers after play {@code i}, by route point of its own frame, into
   * {@code into[1..24]}: what {@link #result} holds for the mover, without building a position
   * (for evaluators that screen many plays; the opponent's counts are those of the source).
   */
  public void resultCounts(int i, int[] into) {
    long k0 = resKey0[i];
    long k1 = resKey1[i];
    for (int r = 1; r <= 12; r++) {
      into[r] = (int) ((k0 >>> (4 * (r - 1))) & 15);
      into[r + 12] = (int) ((k1 >>> (4 * (r - 1))) & 15);
    }
  }

  /** The position reached so far by {@link #tryStep}s, with the turn passed to the opponent. */
  Position current() {
    return positionFromKeys(key0, key1);
  }

  private Position positionFromKeys(long k0, long k1) {
    Side mover = source.turn();
    byte[] counts = new byte[25];
    for (int r = 1; r <= 12; r++) {
      counts[r] = (byte) ((k0 >>> (4 * (r - 1))) & 15);
      counts[r + 12] = (byte) ((k1 >>> (4 * (r - 1))) & 15);
    }
    // The opponent's counts are unchanged and never mutated, so they are shared.
    byte[] other = source.counts(mover.opponent());
    return mover == Side.WHITE
        ? new Position(counts, other, Side.BLACK)
        : new Position(other, counts, Side.WHITE);
  }

  // ---------------------------------------------------------------- the search

  private void generatePair() {
    boolean anyFirst = false;
    for (int d = 0; d < 2; d++) {
      int die = d == 0 ? high : low;
      int other = d == 0 ? low : high;
      for (int m = held; m != 0; m &= m - 1) {
        int from = Integer.numberOfTrailingZeros(m) + 1;
        if (tryStep(from, die) != OK) continue;
        anyFirst = true;
        int to = lastTo;
        push(from, to);
        boolean anySecond = false;
        for (int m2 = held; m2 != 0; m2 &= m2 - 1) {
          int from2 = Integer.numberOfTrailingZeros(m2) + 1;
          if (tryStep(from2, other) != OK) continue;
          anySecond = true;
          int to2 = lastTo;
          push(from2, to2);
          leaf(die);
          pop();
          undo(from2, to2);
        }
        if (!anySecond) leaf(die);
        pop();
        undo(from, to);
      }
    }
    if (!anyFirst) leaf(0);
  }

  private void generateEqual(int level) {
    if (level == count) {
      leaf(high);
      return;
    }
    // The rest of the turn depends only on the position and the steps left: expand each once.
    if (level > 0 && !visited.add(key0, key1 * 8 + level)) return;
    boolean any = false;
    for (int m = held; m != 0; m &= m - 1) {
      int from = Integer.numberOfTrailingZeros(m) + 1;
      if (tryStep(from, high) != OK) continue;
      any = true;
      int to = lastTo;
      push(from, to);
      generateEqual(level + 1);
      pop();
      undo(from, to);
    }
    if (!any) leaf(high);
  }

  private void push(int from, int to) {
    stackFrom[depth] = from;
    stackTo[depth] = to;
    depth++;
  }

  private void pop() {
    depth--;
  }

  private void leaf(int firstDie) {
    if (depth < maxDepth) return;
    if (depth > maxDepth) {
      maxDepth = depth;
      resultCount = 0;
      results.clear();
    }
    if (!results.add(key0, key1)) return;
    ensureResultCapacity();
    int i = resultCount++;
    resKey0[i] = key0;
    resKey1[i] = key1;
    resDepth[i] = depth;
    resFirstDie[i] = firstDie;
    int base = i * MAX_STEPS * 2;
    for (int s = 0; s < depth; s++) {
      resSteps[base + 2 * s] = stackFrom[s];
      resSteps[base + 2 * s + 1] = stackTo[s];
    }
  }

  /** RULES.md §3: when only one of two dice can be played, it must be the higher if possible. */
  private void keepHigherDie() {
    boolean anyHigh = false;
    for (int i = 0; i < resultCount; i++) anyHigh |= resFirstDie[i] == high;
    if (!anyHigh) return;
    int kept = 0;
    for (int i = 0; i < resultCount; i++) {
      if (resFirstDie[i] != high) continue;
      resKey0[kept] = resKey0[i];
      resKey1[kept] = resKey1[i];
      resDepth[kept] = resDepth[i];
      resFirstDie[kept] = resFirstDie[i];
      System.arraycopy(resSteps, i * MAX_STEPS * 2, resSteps, kept * MAX_STEPS * 2, MAX_STEPS * 2);
      kept++;
    }
    resultCount = kept;
  }

  private void ensureResultCapacity() {
    if (resultCount < resKey0.length) return;
    int n = resKey0.length * 2;
    resKey0 = java.util.Arrays.copyOf(resKey0, n);
    resKey1 = java.util.Arrays.copyOf(resKey1, n);
    resDepth = java.util.Arrays.copyOf(resDepth, n);
    resFirstDie = java.util.Arrays.copyOf(resFirstDie, n);
    resSteps = java.util.Arrays.copyOf(resSteps, n * MAX_STEPS * 2);
  }

  // ---------------------------------------------------------------- single steps

  /** Sets up the mover's frame for {@code position} and {@code dice}. */
  void load(Position position, DiceToPlay dice) {
    source = position;
    Side mover = position.turn();
    byte[] mine = position.counts(mover);
    byte[] theirs = position.counts(mover.opponent());
    held = 0;
    oppHeld = 0;
    key0 = 0;
    key1 = 0;
    int onBoard = 0;
    for (int r = 1; r <= 24; r++) {
      int c = mine[r];
      own[r] = c;
      onBoard += c;
      if (c > 0) {
        held |= 1 << (r - 1);
        addKey(r, c);
      }
      if (theirs[r] > 0) oppHeld |= 1 << (Side.otherFrame(r) - 1);
    }
    own[25] = Position.CHECKERS - onBoard;
    protectedRuns = 0;
    if (rules.postilionProtection() && position.postilionBound(mover.opponent(), entry)) {
      int p = position.postilionPoint(mover.opponent());
      protectedRuns = ((1 << entry) - 1) & ~((1 << p) - 1);
    }
    high = dice.high();
    low = dice.low();
    count = dice.count();
    pair = dice.isPair();
    depth = 0;
  }

  /** Sets up {@code side}'s frame in {@code position}, as if it were to move (no dice). */
  void loadSide(Position position, Side side) {
    load(position.withTurn(side), ANY_DICE);
  }

  /** The block rule the loaded side's points break as they stand, or OK. */
  int blockViolationNow() {
    return blockViolation();
  }

  /** Whether the loaded side has a legal single step of some die value 1..6. */
  boolean anyStep() {
    for (int m = held; m != 0; m &= m - 1) {
      int from = Integer.numberOfTrailingZeros(m) + 1;
      for (int die = 1; die <= 6; die++) {
        if (tryStep(from, die) == OK) {
          undo(from, lastTo);
          return true;
        }
      }
    }
    return false;
  }

  private void addKey(int point, long delta) {
    if (point <= 12) key0 += delta << (4 * (point - 1));
    else key1 += delta << (4 * (point - 13));
  }

  /** Whether the side to move is still bound by the postilion rule (RULES.md §3). */
  boolean postilionBound() {
    return own[1] >= Position.CHECKERS - 1 && own[25] == 0 && (held >>> (entry - 1)) == 0;
  }

  /**
   * Plays one step of {@code die} from {@code from} if the rules allow it, leaving the state
   * changed (undo with {@link #undo}) and the landing point in {@link #lastTo}; otherwise
   * leaves the state as it was and returns the broken rule's {@code IllegalReason} ordinal + 1.
   */
  int tryStep(int from, int die) {
    if (own[from] == 0) return IllegalReason.NO_CHECKER.ordinal() + 1;
    if (postilionBound() && (own[1] == Position.CHECKERS ? from != 1 : from == 1)) {
      return IllegalReason.POSTILION_FIRST.ordinal() + 1;
    }
    int to = from + die;
    if (to <= 24) {
      if ((oppHeld & (1 << (to - 1))) != 0) return IllegalReason.POINT_HELD_BY_OPPONENT.ordinal() + 1;
    } else {
      if ((held & HOME_MASK_OUTSIDE) != 0) return IllegalReason.BEAR_OFF_NOT_ALL_HOME.ordinal() + 1;
      if (to > Position.OFF && from != Integer.numberOfTrailingZeros(held) + 1) {
        return IllegalReason.BEAR_OFF_NOT_REARMOST.ordinal() + 1;
      }
      if (opponentTalonRule && (oppHeld & (1 << 12)) != 0) {
        return IllegalReason.BEAR_OFF_OPPONENT_TALON.ordinal() + 1;
      }
      to = Position.OFF;
    }
    apply(from, to);
    int broken = blockViolation();
    if (broken != OK) {
      undo(from, to);
      return broken;
    }
    lastTo = to;
    return OK;
  }

  int lastTo() {
    return lastTo;
  }

  private void apply(int from, int to) {
    if (--own[from] == 0) held &= ~(1 << (from - 1));
    addKey(from, -1);
    own[to]++;
    if (to <= 24) {
      held |= 1 << (to - 1);
      addKey(to, 1);
    }
  }

  void undo(int from, int to) {
    if (to <= 24) {
      if (own[to] == 1) held &= ~(1 << (to - 1));
      addKey(to, -1);
    }
    own[to]--;
    if (own[from]++ == 0) held |= 1 << (from - 1);
    addKey(from, 1);
  }

  /** RULES.md §4, checked after every stop: the block rule the mover's points now break, or OK. */
  private int blockViolation() {
    switch (rules.blocking()) {
      case FIRST_QUADRANT_NEEDS_RETURN:
        if ((held & FIRST_QUADRANT) == FIRST_QUADRANT && (held & returnMask) != returnMask) {
          return IllegalReason.BLOCK_FIRST_QUADRANT_NEEDS_RETURN.ordinal() + 1;
        }
        break;
      case ANY_NEEDS_RETURN:
        if ((held & returnMask) != returnMask && blockStarts(held) != 0) {
          return IllegalReason.BLOCK_NEEDS_RETURN.ordinal() + 1;
        }
        break;
      case FIRST_QUADRANT_FORBIDDEN:
        if ((held & FIRST_QUADRANT) == FIRST_QUADRANT) {
          return IllegalReason.BLOCK_FIRST_QUADRANT_FORBIDDEN.ordinal() + 1;
        }
        break;
      case FREE:
        break;
    }
    if (protectedRuns != 0 && (blockStarts(held) & protectedRuns) != 0) {
      return IllegalReason.BLOCK_SHUTS_OUT_POSTILION.ordinal() + 1;
    }
    return OK;
  }

  /**
   * Blocks of six a side's held points make along the opponent's route, where a block stops
   * checkers: bit q-1 set when the opponent's points q..q+5 are all held (q = 1..19).
   */
  static int blockStarts(int heldInOwnFrame) {
    int m = ((heldInOwnFrame >>> 12) | (heldInOwnFrame << 12)) & ALL_POINTS;
    return m & (m >>> 1) & (m >>> 2) & (m >>> 3) & (m >>> 4) & (m >>> 5);
  }

  int held() {
    return held;
  }

  /** The mover's held points if {@code from} gave a checker to {@code to} (for explanations). */
  int heldAfter(int from, int to) {
    int after = own[from] == 1 ? held & ~(1 << (from - 1)) : held;
    return to <= 24 ? after | (1 << (to - 1)) : after;
  }

  /** Route point of the mover's postilion while it is bound (1 while all are on the talon). */
  int ownPostilionPoint() {
    if (own[1] == Position.CHECKERS) return 1;
    for (int r = 2; r <= 24; r++) if (own[r] > 0) return r;
    return Position.OFF;
  }

  int protectedRuns() {
    return protectedRuns;
  }

  int entry() {
    return entry;
  }

  int returnMask() {
    return returnMask;
  }

  static IllegalReason reason(int code) {
    return REASONS[code - 1];
  }
}
