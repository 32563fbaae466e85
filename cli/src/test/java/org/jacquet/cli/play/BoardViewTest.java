package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The board as the terminal draws it: the whole of it, with its panel, on an 80 × 24 screen. */
class BoardViewTest {
  private static final List<String> POSITIONS = List.of(
      "white=1:15 black=1:15 turn=white",
      "white=2:1,14:14 black=1:14,7:1 turn=black",
      "white=24:1 black=1:1 turn=white", // 14 borne off each: the longest side lines
      "white=12:1,24:2 black=3:1,20:2,23:1 turn=black");

  private static List<String> render(Locale lang, String position, Rules rules, Side viewer) {
    Texts texts = new Texts(lang);
    BoardView view = new BoardView(texts, false);
    Position p = Position.parse(position);
    return view.render(p, rules, viewer, List.of(texts.get("board.score", 12, 10, 15), texts.get("board.game", 23, p.id())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void aBoardWithItsPanelTakesSeventeenLinesOfAtMostEightyColumns(String language) {
    Locale lang = Locale.forLanguageTag(language);
    for (String position : POSITIONS) {
      for (String rules : List.of("modern", "advanced", "original")) {
        for (Side viewer : Side.values()) {
          List<String> lines = render(lang, position, Rules.parse(rules), viewer);
          // With the opponent's play, the dice and the prompt: 20 of 24 lines, room for a refusal.
          assertThat(lines).hasSize(BoardView.HEIGHT);
          assertThat(lines).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void thePanelShowsTheScoreTheIdAndBothSides(String language) {
    Locale lang = Locale.forLanguageTag(language);
    String board = String.join("\n", render(lang, "white=14:14 black=1:14,7:1 turn=black", Rules.MODERN, Side.WHITE));
    assertThat(board).contains(Position.parse("white=14:14 black=1:14,7:1 turn=black").id());
    if (language.equals("fr")) {
      assertThat(board).contains("B Blancs : 1 sortie, ").contains("N Noirs : 0 sortie, ").contains("Match en 15 : Blancs 12, Noirs 10")
          .contains("Numéros : parcours des Blancs").contains("BLANCS").contains("NOIRS").doesNotContain(" O ");
    } else {
      assertThat(board).contains("O White: 1 off, ").contains("X Black: 0 off, ").contains("Score: White 12, Black 10 (to 15)");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void pipsAreCountedInWordsReadRight(String language) {
    String board = String.join("\n", render(Locale.forLanguageTag(language), "white=24:1 black=24:1 turn=white", Rules.MODERN, Side.WHITE));
    assertThat(board).contains(language.equals("fr") ? "1 point" : "1 pip").doesNotContain("1 pips").doesNotContain("1 points");
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "fr"})
  void checkersStoredOnTheOpponentsTalonAreDrawnThere(String language) {
    Locale lang = Locale.forLanguageTag(language);
    String white = new Texts(lang).get("board.symbol.white");
    String black = new Texts(lang).get("board.symbol.black");
    // Advanced bear-off: White's borne-off checkers go onto Black's talon (a), Black's onto White's (m).
    List<String> lines = render(lang, "white=20:3,22:9 black=1:1,20:12 turn=white", Rules.ADVANCED, Side.WHITE);
    String topTips = lines.get(7);
    String bottomTips = lines.get(9);
    assertThat(topTips.substring(0, 43)).endsWith(" 3" + white + "|");
    assertThat(bottomTips.substring(4, 7)).isEqualTo(" 2" + black);
    // Under modern rules borne-off checkers leave the board: nothing drawn there.
    List<String> modern = render(lang, "white=20:3,22:9 black=1:1,20:12 turn=white", Rules.MODERN, Side.WHITE);
    assertThat(modern.get(7).substring(0, 43)).endsWith(" . |");
  }
}
