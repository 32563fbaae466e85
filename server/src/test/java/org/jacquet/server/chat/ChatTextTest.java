package org.jacquet.server.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.server.refusal.Refusal;
import org.junit.jupiter.api.Test;

class ChatTextTest {
  @Test
  void keepsWhatIsVisibleAndFoldsSpaces() {
    assertThat(ChatText.clean("  Bien   joué\t!\n ")).isEqualTo("Bien joué !");
    assertThat(ChatText.clean("ça va ? 🎲")).isEqualTo("ça va ? 🎲");
  }

  @Test
  void removesControlBidiAndZeroWidthCharacters() {
    // A right-to-left override would show "gg" as written by someone else; zero-width spaces hide words.
    assertThat(ChatText.clean("g\u202Eg\u200B\u200D\u2066x\u2069\u0007\u0000\uFEFF")).isEqualTo("ggx");
    assertThat(ChatText.clean("a\u00ADb")).isEqualTo("ab");
  }

  @Test
  void refusesALineThatIsTooLongOrEmptyNamingTheProblem() {
    assertThatThrownBy(() -> ChatText.clean("x".repeat(10_000)))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.params()).containsEntry("max", 140))
        .hasMessageContaining("140");
    assertThat(ChatText.clean("é".repeat(140))).hasSize(140);
    assertThatThrownBy(() -> ChatText.clean("é".repeat(141))).hasMessageContaining("140");
    assertThatThrownBy(() -> ChatText.clean("\u200B \u202E\t")).isInstanceOfSatisfying(Refusal.class,
        r -> assertThat(r.code()).isEqualTo("chat-empty"));
  }

  @Test
  void aPhraseIsOneOfTheKnownOnes() {
    assertThat(ChatText.phrase("good-game")).isEqualTo("good-game");
    assertThatThrownBy(() -> ChatText.phrase("<script>")).isInstanceOfSatisfying(Refusal.class,
        r -> assertThat(r.code()).isEqualTo("bad-phrase"));
  }
}
