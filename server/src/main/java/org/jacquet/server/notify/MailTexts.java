package org.jacquet.server.notify;

/** The words of the mails, in the recipient's language (French or English). */
final class MailTexts {
  private MailTexts() {}

  /** A mail's subject and plain-text body. */
  record Letter(String subject, String body) {}

  private static boolean french(String language) {
    return "fr".equals(language);
  }

  /** A notice's mail: what happened, the link to it, and the unsubscribe link for its kind. */
  static Letter notice(String language, NoticeKind kind, String otherName, String link, String unsubscribe) {
    boolean fr = french(language);
    String other = otherName == null ? (fr ? "votre adversaire" : "your opponent") : otherName;
    String subject;
    String first;
    switch (kind) {
      case YOUR_TURN -> {
        subject = fr ? "Jacquet : à vous de jouer contre " + other : "Jacquet: your turn against " + other;
        first = fr ? other + " a joué. C'est à vous, dans votre partie par correspondance :"
            : other + " has played. It is your turn in your correspondence game:";
      }
      case CHALLENGE -> {
        subject = fr ? "Jacquet : " + other + " vous défie" : "Jacquet: " + other + " challenges you";
        first = fr ? other + " vous propose une partie. Acceptez-la ou déclinez-la dans le salon :"
            : other + " asks you for a game. Accept or decline it in the lobby:";
      }
      case ENDED -> {
        subject = fr ? "Jacquet : votre partie contre " + other + " est terminée" : "Jacquet: your game against " + other + " has ended";
        first = fr ? "Votre partie contre " + other + " est terminée. Le résultat et l'analyse :"
            : "Your game against " + other + " has ended. The result and the review:";
      }
      default -> {
        subject = fr ? "Jacquet : un tournoi commence" : "Jacquet: a tournament starts";
        first = fr ? "Un tournoi auquel vous êtes inscrit commence :" : "A tournament you joined starts:";
      }
    }
    String last = fr ? "Vous recevez ce message parce que vous l'avez demandé dans votre compte. Pour ne plus le recevoir :"
        : "You receive this mail because you asked for it in your account. To stop it:";
    return new Letter(subject, first + "\n\n  " + link + "\n\n-- \n" + last + "\n  " + unsubscribe + "\n");
  }

  /** The mail that confirms an address. */
  static Letter confirm(String language, String name, String link) {
    boolean fr = french(language);
    return fr
        ? new Letter("Jacquet : confirmez votre adresse",
            "Bonjour " + name + ",\n\nPour recevoir les messages de Jacquet à cette adresse, ouvrez ce lien (valable 48 heures, une fois) :\n\n  "
                + link + "\n\nSi vous n'avez rien demandé, ignorez ce message : rien ne vous sera envoyé.\n")
        : new Letter("Jacquet: confirm your address",
            "Hello " + name + ",\n\nTo receive Jacquet's mails at this address, open this link (it works once, for 48 hours):\n\n  "
                + link + "\n\nIf you did not ask for this, ignore this mail: nothing will be sent to you.\n");
  }
}
