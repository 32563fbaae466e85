// The engine's reasons why a text (position, position ID, dice, rules, side, record) cannot be
// read, in English and French, by FormatException code (and the engine's side words, side.*),
// and why the game cannot take an action now, by GameStateException code (state.*, with the
// phase words, phase.*): the server sends the code and its values as params.detailCode /
// params.detailParams, and the page words the detail from here (i18n.js, detailText).
// Generated from engine/src/main/resources/org/jacquet/engine/messages*.properties (format.*,
// side.*, state.*, phase.*); FormatTextsTest fails when they drift apart and writes the file as
// it should be.
const FORMATS = {
 "en": {
  "dice-range": "invalid dice '{0}'; each die must be between 1 and 6",
  "dice-syntax": "invalid dice '{0}'; expected e.g. 6-5",
  "dice-transferred": "invalid transferred dice '{0}'",
  "id-base64": "position ID '{0}' is not base64 (A-Z, a-z, 0-9, - and _)",
  "id-ends-early": "the position ID ends too early",
  "id-length": "position ID '{0}' must be 14 characters",
  "id-not-canonical": "position ID '{0}' is not canonical: this position's ID is {1}",
  "id-too-many-on-point": "position ID '{0}' has more than 15 checkers on a point",
  "id-trailing-bits": "position ID '{0}' has bits after the position",
  "position-all-borne-off": "both sides have borne off every checker",
  "position-character": "unexpected character {0} in the position text (at {1})",
  "position-count-not-number": "{0}: count '{1}' in '{2}' is not a number",
  "position-count-range": "{0}: count {1} on point {2} must be at least 1",
  "position-empty": "empty position; expected e.g. 'white=1:15 black=1:15 turn=white'",
  "position-field-missing": "missing position field '{0}'",
  "position-field-syntax": "position field '{0}' must be written name=value (white=…, black=…, turn=…)",
  "position-field-twice": "position field '{0}' is given twice",
  "position-field-unknown": "unknown position field '{0}'; expected white, black and turn",
  "position-pair-syntax": "{0}: '{1}' must be routepoint:count, e.g. 1:15",
  "position-point-not-number": "{0}: route point '{1}' in '{2}' is not a number",
  "position-point-range": "{0}: route point {1} is outside 1..24",
  "position-point-twice": "{0}: point {1} is listed twice",
  "position-shared-point": "white point {0} and black point {1} are the same point ({2}): both sides cannot share it",
  "position-too-long": "position text too long ({0} characters; at most {1})",
  "position-too-many-checkers": "{0} has more than 15 checkers",
  "position-turn": "invalid turn '{0}'; expected turn=white or turn=black",
  "record-after-pending": "nothing but a resignation may follow a turn not yet played",
  "record-choice-side": "{0} did not win the opening throw",
  "record-empty": "the record is empty",
  "record-first-game": "the first game must be Game 1",
  "record-game-expected": "expected a Game line before '{0}'",
  "record-game-not-over": "game {0} is not over: no next game yet",
  "record-game-number": "expected Game {0}",
  "record-game-number-syntax": "'{0}' is not a game number",
  "record-game-over": "the game is already over",
  "record-header-after-game": "header after the first game",
  "record-header-backslash": "the header [{0}] ends with a lone \\",
  "record-header-control": "the header [{0}] holds a control character ({1})",
  "record-header-name": "'{0}' is not a header name (letters, digits, - and _)",
  "record-header-quote": "a quote inside the header [{0}] must be written \\\"",
  "record-header-syntax": "a header is written [Name \"value\"], not '{0}'",
  "record-header-twice": "the header [{0}] is given twice",
  "record-line": "cannot read '{0}'",
  "record-match-length-syntax": "'{0}' is not a match length",
  "record-match-over": "the match is over: no next game",
  "record-match-too-short": "a match is played to at least 1 point",
  "record-no-game": "the record has no game",
  "record-no-turn": "no turn expected here",
  "record-not-following": "'{0}' does not follow from the game so far",
  "record-not-utf8": "the record is not UTF-8 text (byte {0})",
  "record-pass-expected": "expected '{0} {1}: pass' (nothing can be played)",
  "record-result": "the game ends '{0}', not '{1}'",
  "record-result-header": "[Result \"{0}\"] does not match the games, which give \"{1}\"",
  "record-result-not-over": "the game ends 'not yet', not '{0}'",
  "record-result-twice": "a game has one Result line",
  "record-rules-missing": "missing [Rules \"…\"] header",
  "record-score": "score does not match the games before (white {0}, black {1})",
  "record-score-twice": "a game has one Score line",
  "record-throw-expected": "expected a throw, not {0}",
  "record-turn-number": "expected turn {0}, not {1}",
  "record-wrong-dice": "expected dice {0}, not {1}",
  "record-wrong-side": "it is {0}'s turn",
  "result-nobody": "only a locked game ends with nobody winning: 'nobody wins 0 points (locked)'",
  "result-reason": "unknown score reason '{0}'",
  "result-syntax": "cannot read result '{0}'",
  "rules-empty": "empty rules; expected a preset ({0})",
  "rules-option-syntax": "rule option '{0}' must be written name=value, e.g. return-checkers=2",
  "rules-option-twice": "rule option '{0}' is given twice",
  "rules-option-unknown": "unknown rule option '{0}'; valid options: {1}",
  "rules-preset-unknown": "unknown rules preset '{0}'; valid presets: {1}",
  "rules-space": "a space in rules text, in '{0}': rules text has none (options are joined by '+', written %2B in a URL)",
  "rules-too-long": "rules text too long ({0} characters; at most {1})",
  "rules-value-invalid": "invalid value '{0}' for rule option '{1}'; valid values: {2}",
  "side-unknown": "unknown side '{0}'; expected white or black",
  "phase.opening_choice": "the opening winner's choice",
  "phase.opening_throw": "the opening throw",
  "phase.play": "a play",
  "phase.roll": "a throw of the dice",
  "side.black": "black",
  "side.white": "white",
  "state.cannot-throw": "cannot throw now: the game waits for {0}",
  "state.dice-source": "the dice source threw {0}, not a die from 1 to 6",
  "state.game-not-over": "the next game cannot start: the current one is not over",
  "state.game-over": "the game is already over",
  "state.match-over": "the match is over: no game follows",
  "state.no-dice-to-play": "there are no dice to play: the game waits for {0}",
  "state.no-opening-choice": "there is no opening choice to make: the game waits for {0}",
  "state.play-not-complete": "the play is not complete",
  "state.record-no-more-dice": "the record has no more dice to throw"
 },
 "fr": {
  "dice-range": "dés invalides '{0}' ; chaque dé vaut de 1 à 6",
  "dice-syntax": "dés invalides '{0}' ; exemple : 6-5",
  "dice-transferred": "dés transmis invalides '{0}'",
  "id-base64": "l'identifiant de position '{0}' n'est pas en base64 (A-Z, a-z, 0-9, - et _)",
  "id-ends-early": "l'identifiant de position s'arrête trop tôt",
  "id-length": "l'identifiant de position '{0}' doit avoir 14 caractères",
  "id-not-canonical": "l'identifiant de position '{0}' n'est pas canonique : l'identifiant de cette position est {1}",
  "id-too-many-on-point": "l'identifiant de position '{0}' met plus de 15 dames sur une flèche",
  "id-trailing-bits": "l'identifiant de position '{0}' a des bits après la position",
  "position-all-borne-off": "les deux camps ont sorti toutes leurs dames",
  "position-character": "caractère inattendu {0} dans le texte de position (en {1})",
  "position-count-not-number": "{0} : le nombre '{1}' dans '{2}' n'est pas un nombre",
  "position-count-range": "{0} : le nombre {1} sur la flèche {2} doit valoir au moins 1",
  "position-empty": "position vide ; exemple : 'white=1:15 black=1:15 turn=white'",
  "position-field-missing": "il manque le champ de position '{0}'",
  "position-field-syntax": "le champ de position '{0}' doit s'écrire nom=valeur (white=…, black=…, turn=…)",
  "position-field-twice": "le champ de position '{0}' est donné deux fois",
  "position-field-unknown": "champ de position inconnu '{0}' ; attendus : white, black et turn",
  "position-pair-syntax": "{0} : '{1}' doit s'écrire flèche:nombre, par exemple 1:15",
  "position-point-not-number": "{0} : la flèche '{1}' dans '{2}' n'est pas un nombre",
  "position-point-range": "{0} : la flèche {1} est hors de 1..24",
  "position-point-twice": "{0} : la flèche {1} est donnée deux fois",
  "position-shared-point": "la flèche {0} de Blanc et la flèche {1} de Noir sont la même flèche ({2}) : les deux camps ne peuvent l'occuper",
  "position-too-long": "texte de position trop long ({0} caractères ; au plus {1})",
  "position-too-many-checkers": "{0} a plus de 15 dames",
  "position-turn": "trait invalide '{0}' ; attendu turn=white ou turn=black",
  "record-after-pending": "seul un abandon peut suivre un tour pas encore joué",
  "record-choice-side": "{0} n'a pas gagné le lancer d'ouverture",
  "record-empty": "la partie enregistrée est vide",
  "record-first-game": "la première partie doit être Game 1",
  "record-game-expected": "une ligne Game est attendue avant '{0}'",
  "record-game-not-over": "la partie {0} n'est pas finie : pas encore de partie suivante",
  "record-game-number": "attendu Game {0}",
  "record-game-number-syntax": "'{0}' n'est pas un numéro de partie",
  "record-game-over": "la partie est déjà finie",
  "record-header-after-game": "en-tête après la première partie",
  "record-header-backslash": "l'en-tête [{0}] finit par un \\ isolé",
  "record-header-control": "l'en-tête [{0}] contient un caractère de contrôle ({1})",
  "record-header-name": "'{0}' n'est pas un nom d'en-tête (lettres, chiffres, - et _)",
  "record-header-quote": "un guillemet dans l'en-tête [{0}] s'écrit \\\"",
  "record-header-syntax": "un en-tête s'écrit [Nom \"valeur\"], pas '{0}'",
  "record-header-twice": "l'en-tête [{0}] est donné deux fois",
  "record-line": "impossible de lire '{0}'",
  "record-match-length-syntax": "'{0}' n'est pas une longueur de match",
  "record-match-over": "le match est fini : pas de partie suivante",
  "record-match-too-short": "un match se joue en 1 point au moins",
  "record-no-game": "l'enregistrement ne contient aucune partie",
  "record-no-turn": "aucun tour n'est attendu ici",
  "record-not-following": "'{0}' ne découle pas de la partie jusqu'ici",
  "record-not-utf8": "l'enregistrement n'est pas du texte UTF-8 (octet {0})",
  "record-pass-expected": "attendu '{0} {1}: pass' (rien ne peut être joué)",
  "record-result": "la partie finit '{0}', pas '{1}'",
  "record-result-header": "[Result \"{0}\"] ne correspond pas aux parties, qui donnent \"{1}\"",
  "record-result-not-over": "la partie finit 'pas encore', pas '{0}'",
  "record-result-twice": "une partie n'a qu'une ligne Result",
  "record-rules-missing": "il manque l'en-tête [Rules \"…\"]",
  "record-score": "le score ne correspond pas aux parties précédentes (blanc {0}, noir {1})",
  "record-score-twice": "une partie n'a qu'une ligne Score",
  "record-throw-expected": "un lancer est attendu, pas {0}",
  "record-turn-number": "tour {0} attendu, pas {1}",
  "record-wrong-dice": "dés {0} attendus, pas {1}",
  "record-wrong-side": "c'est à {0} de jouer",
  "result-nobody": "seule une partie bloquée finit sans vainqueur : 'nobody wins 0 points (locked)'",
  "result-reason": "raison de marque inconnue '{0}'",
  "result-syntax": "résultat illisible '{0}'",
  "rules-empty": "règles vides ; attendu un préréglage ({0})",
  "rules-option-syntax": "l'option de règle '{0}' doit s'écrire nom=valeur, par exemple return-checkers=2",
  "rules-option-twice": "l'option de règle '{0}' est donnée deux fois",
  "rules-option-unknown": "option de règle inconnue '{0}' ; options : {1}",
  "rules-preset-unknown": "préréglage de règles inconnu '{0}' ; préréglages : {1}",
  "rules-space": "une espace dans le texte des règles, dans '{0}' : le texte des règles n'en a pas (les options sont jointes par '+', écrit %2B dans une URL)",
  "rules-too-long": "texte des règles trop long ({0} caractères ; au plus {1})",
  "rules-value-invalid": "valeur '{0}' invalide pour l'option de règle '{1}' ; valeurs possibles : {2}",
  "side-unknown": "camp inconnu '{0}' ; attendu white ou black",
  "phase.opening_choice": "le choix du gagnant de l’ouverture",
  "phase.opening_throw": "le lancer d’ouverture",
  "phase.play": "un coup",
  "phase.roll": "un lancer de dés",
  "side.black": "Noir",
  "side.white": "Blanc",
  "state.cannot-throw": "impossible de lancer les dés maintenant : la partie attend {0}",
  "state.dice-source": "la source de dés a donné {0}, pas un dé de 1 à 6",
  "state.game-not-over": "la partie suivante ne peut pas commencer : celle en cours n'est pas finie",
  "state.game-over": "la partie est déjà finie",
  "state.match-over": "le match est fini : aucune partie ne suit",
  "state.no-dice-to-play": "il n'y a pas de dés à jouer : la partie attend {0}",
  "state.no-opening-choice": "il n'y a pas de choix d'ouverture à faire : la partie attend {0}",
  "state.play-not-complete": "le coup n'est pas complet",
  "state.record-no-more-dice": "la partie enregistrée n'a plus de dés à lancer"
 }
};

/** How points are named for a player (docs/formats.md, "Naming points"): 'letters' unless 'mover' was chosen in Settings. */
function pointNaming() { return localStorage.getItem('jacquet.points') === 'mover' ? 'mover' : 'letters'; }

/** Fills a Settings › Points named by list (the game screen's, the lessons'): one stored choice for every page. */
function fillPointNamings(select) {
  select.innerHTML = '';
  for (const v of ['letters', 'mover']) select.add(new Option(t('pointNamings.' + v), v));
  select.value = pointNaming();
}

/** Keeps a Points named by list's choice, then {@code then()} redraws what names points. */
function choosePointNaming(select, then) {
  select.onchange = e => { localStorage.setItem('jacquet.points', e.target.value); then(); };
}

/** The board letter of {@code side}'s route point r: Black's route is a..x, White's m..x then a..l (RULES.md §1). */
function pointLetter(r, side) { return String.fromCharCode(97 + (side === 'black' ? r - 1 : (r + 11) % 24)); }

/**
 * A play of {@code mover} as a player reads it: in the board letters, one name per point for both sides
 * (Black's 10/14 reads j/n whoever reads it, never a wrapped 22/2), or in the mover's own numbers as records write it.
 */
function namePlay(notation, mover) {
  if (!notation || pointNaming() === 'mover') return notation;
  return notation.replace(/\d+/g, n => {
    const r = Number(n);
    return r >= 1 && r <= 24 ? pointLetter(r, mover) : n;
  });
}

/** The side to move in a position text ("… turn=black"): whose numbers its plays are written in. */
function moverOf(positionText) { return / turn=black\b/.test(positionText || '') ? 'black' : 'white'; }
