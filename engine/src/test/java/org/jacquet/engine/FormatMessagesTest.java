package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Locale;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** Parse errors are data (a code and its parameters) with a message in English and in French. */
class FormatMessagesTest {
  private static FormatException refusal(Runnable parse) {
    return catchThrowableOfType(parse::run, FormatException.class);
  }

  @Test
  void aPositionErrorHasItsCodeParametersAndBothLanguages() {
    FormatException e = refusal(() -> Position.parse("white=30:1 black=1:15 turn=white"));
    assertThat(e.code()).isEqualTo("position-point-range");
    assertThat(e.params()).containsExactly("white", 30);
    assertThat(e.getMessage()).isEqualTo("white: route point 30 is outside 1..24");
    assertThat(e.message(Locale.ENGLISH)).isEqualTo("white: route point 30 is outside 1..24");
    assertThat(e.message(Locale.FRENCH)).isEqualTo("Blanc : la flèche 30 est hors de 1..24");
  }

  @Test
  void idDiceAndRulesErrorsToo() {
    FormatException id = refusal(() -> Position.parse("_v8AAAD_fwAAAB"));
    assertThat(id.code()).isEqualTo("id-not-canonical");
    assertThat(id.message(Locale.FRENCH)).startsWith("l'identifiant de position '_v8AAAD_fwAAAB' n'est pas canonique");
    FormatException dice = refusal(() -> Dice.parse("9-9"));
    assertThat(dice.code()).isEqualTo("dice-range");
    assertThat(dice.getMessage()).isEqualTo("invalid dice '9-9'; each die must be between 1 and 6");
    assertThat(dice.message(Locale.FRENCH)).isEqualTo("dés invalides '9-9' ; chaque dé vaut de 1 à 6");
    FormatException rules = refusal(() -> Rules.parse("modern+doubles=squared+doubles=four"));
    assertThat(rules.code()).isEqualTo("rules-option-twice");
    assertThat(rules.params()).containsExactly("doubles");
    assertThat(rules.message(Locale.FRENCH)).isEqualTo("l'option de règle 'doubles' est donnée deux fois");
    FormatException digits = refusal(() -> Rules.parse("modern+postilion-entry=\u0661\u0669"));
    assertThat(digits.code()).isEqualTo("rules-value-invalid");
  }

  @Test
  void theGameFlowsRefusalsAreDataInBothLanguagesToo() {
    org.jacquet.engine.game.Game g = new org.jacquet.engine.game.Game(Rules.MODERN, () -> 3);
    GameStateException early = catchThrowableOfType(() -> g.play("1/7"), GameStateException.class);
    assertThat(early).isInstanceOf(IllegalStateException.class);
    assertThat(early.code()).isEqualTo("no-dice-to-play");
    assertThat(early.params()).containsExactly("opening_throw");
    assertThat(early.getMessage()).isEqualTo("there are no dice to play: the game waits for the opening throw");
    assertThat(early.message(Locale.FRENCH)).isEqualTo("il n'y a pas de dés à jouer : la partie attend le lancer d’ouverture");
    g.resign(Side.WHITE);
    GameStateException over = catchThrowableOfType(g::roll, GameStateException.class);
    assertThat(over.code()).isEqualTo("game-over");
    assertThat(over.message(Locale.FRENCH)).isEqualTo("la partie est déjà finie");
    GameStateException waiting = catchThrowableOfType(() -> new org.jacquet.engine.game.Game(Rules.MODERN, () -> 3).chooseOpening(true),
        GameStateException.class);
    assertThat(waiting.message(Locale.FRENCH)).isEqualTo("il n'y a pas de choix d'ouverture à faire : la partie attend le lancer d’ouverture");
    GameStateException broken = catchThrowableOfType(new org.jacquet.engine.game.Game(Rules.MODERN, () -> 7)::roll, GameStateException.class);
    assertThat(broken.message(Locale.FRENCH)).isEqualTo("la source de dés a donné 7, pas un dé de 1 à 6");
  }

  @Test
  void everyEnglishMessageHasItsFrenchOne() throws Exception {
    java.util.Properties en = new java.util.Properties();
    java.util.Properties fr = new java.util.Properties();
    try (var in = getClass().getResourceAsStream("/org/jacquet/engine/messages.properties");
        var inFr = getClass().getResourceAsStream("/org/jacquet/engine/messages_fr.properties")) {
      en.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
      fr.load(new java.io.InputStreamReader(inFr, java.nio.charset.StandardCharsets.UTF_8));
    }
    assertThat(en.stringPropertyNames()).hasSizeGreaterThan(50).isEqualTo(fr.stringPropertyNames());
    for (String key : en.stringPropertyNames()) {
      assertThat(fr.getProperty(key)).as("French for %s", key).isNotEqualTo(en.getProperty(key));
    }
  }
}
