package org.jacquet.server.game;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * A play as a player types it on a page (the game screen's box, a lesson's, the tutor's
 * question), in the naming that page shows: the board letters by default, the mover's numbers
 * under Settings › Points named by. The page sends its naming with the text and the server reads
 * it with the engine's {@link PointNaming#readOnly}, as the terminal does: one reader, one rule
 * (only the chosen naming is read; a play typed the other way is refused {@code typed-letters}
 * or {@code typed-mover} with the play meant, which the page writes the right way). Without a
 * naming the text is the protocol's own: the mover's numbers.
 */
public final class TypedPlayText {
  /** The namings a page may send, as {@link PointNaming#word} spells them. */
  public static final List<String> NAMINGS = Arrays.stream(PointNaming.values()).map(PointNaming::word).toList();
  /** What a message without a naming means: the protocol's numbers. */
  public static final String DEFAULT = PointNaming.MOVER.word();

  private TypedPlayText() {}

  /**
   * {@code typed} in {@code mover}'s route numbers, as the engine plays it; refused
   * {@code typed-<naming>} ({@code text}, {@code play}: the play meant, in {@code mover}'s numbers)
   * when written in the other naming, the engine's {@code syntax} when it is no play in either.
   */
  public static String read(String typed, PointNaming naming, Side mover) {
    String text = typed == null ? "" : typed;
    try {
      return naming.readOnly(text, mover);
    } catch (PointNaming.WrongNaming e) {
      Map<String, String> params = Map.of("text", Excerpt.of(text.trim()), "play", e.play());
      throw naming == PointNaming.LETTERS ? new Refusal("typed-letters", params, e.getMessage())
          : new Refusal("typed-mover", params, e.getMessage());
    } catch (IllegalPlayException e) {
      throw Problems.illegal(e);
    }
  }
}
