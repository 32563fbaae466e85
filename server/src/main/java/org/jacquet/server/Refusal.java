package org.jacquet.server;

/** An action the server refuses, with the reason shown to the player; nothing was changed. */
public final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;

  public Refusal(String code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  public String code() {
    return code;
  }
}
