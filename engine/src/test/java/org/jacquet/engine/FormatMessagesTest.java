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
