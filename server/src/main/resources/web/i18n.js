// The web app's words in French and English, with the game's own vocabulary.
const TEXTS = {
  en: {
    title: 'Jacquet', newGame: 'New game', against: 'Opponent', computer: 'The computer', friend: 'A friend (invitation link)',
    level: 'Level', rules: 'Rules', options: 'Options (optional)', position: 'Start from a position (optional)', match: 'Match to', points: 'points', side: 'Your side',
    white: 'White', black: 'Black', start: 'Start', myGames: 'Your games', noGames: 'No games yet.',
    playing: 'in progress', over: 'finished', open: 'Open', vs: 'vs',
    levels: { beginner: 'Beginner', intermediate: 'Intermediate', expert: 'Expert', 'world-class': 'World class', heuristic: 'Heuristic', random: 'Random' },
    presets: { modern: 'Modern (default)', original: 'Original (1818)', advanced: 'Advanced (Léchalet)', moultezim: 'Moultezim', versailles: 'Jacquet de Versailles' },
    roll: 'Throw the dice', rollOpening: 'Throw for the start', undo: 'Undo', confirm: 'Confirm', hint: 'Hint', resign: 'Resign',
    next: 'Next game', record: 'Download the record', lobby: 'Lobby', invite: 'Send this link to your friend:',
    spectate: 'Spectators:', copy: 'Copy', copied: 'Copied', connected: 'connected', away: 'not connected',
    yourTurn: 'Your turn', waiting: 'Waiting for {0}', you: 'you', opponent: 'opponent', spectator: 'You are watching.',
    pips: 'pips', off: 'off', score: 'Score', matchTo: 'match to {0}', moves: 'Moves', game: 'Game {0}',
    openingThrow: 'Opening throw: White {0}, Black {1}', tie: 'a tie', starts: '{0} starts',
    throwAgain: '{0} throws again', playsOpening: '{0} plays the opening dice',
    passes: '{0} cannot play {1}', plays: '{0} {1}: {2}', resigns: '{0} resigns',
    forced: 'Forced play: {0} — confirm it.', pass: 'No legal play: the turn passes.',
    dice: { pair: '{0} and {1}', ace: 'ace', d1: 'double aces (bezas)', d2: 'double twos (double deux)', d3: 'double threes (ternes)', d4: 'double fours (carmes)', d5: 'double fives (quines)', d6: 'double sixes (sonnés)', passed: 'passed on: {0}' },
    wins: '{0} wins {1} ({2}).', winsMatch: '{0} wins the match {1}–{2}.',
    reasons: { single: 'single game', double: 'double: the loser bore off no checker', 'ladder-borne-off': 'the loser had borne off a checker', 'ladder-last-quadrant': "all the loser's checkers in its last quadrant", 'ladder-third-quadrant': 'the loser still had checkers in its third quadrant', 'ladder-second-quadrant': 'the loser still had checkers in its second quadrant', 'ladder-first-quadrant': 'the loser still had checkers in its first quadrant', spanish: 'per checker left' },
    byResignation: ', by resignation', point: 'point', pointsWord: 'points',
    choice: 'Play the opening dice {0}, or throw again?', playThem: 'Play them', again: 'Throw again',
    typePlay: 'Type a play (1/7 7/12) and Enter', seed: 'Dice seed (revealed)', seedHash: 'Dice seed hash',
    postilion: 'postilion', stored: 'on the opponent\'s talon', language: 'Français',
    keys: 'Keys: r throw · u undo · Enter confirm · h hint', hintTitle: 'The computer suggests',
    reconnecting: 'Connection lost — reconnecting…', gameNotFound: 'There is no such game.',
    review: 'Review', analysing: 'Analysing… {0}/{1} turns', best: 'best', errorRate: 'Error rate (thousandths)',
    rating: 'Rating', luck: 'Luck', luckAdjusted: 'Luck-adjusted', decisions: 'Decisions', marksCount: 'Doubtful / bad / very bad',
    marks: { doubtful: 'doubtful', bad: 'bad', 'very bad': 'very bad' },
    ratings: { 'world class': 'world class', expert: 'expert', advanced: 'advanced', intermediate: 'intermediate', 'casual player': 'casual player', beginner: 'beginner', awful: 'awful' },
    graph: "White's chance of winning after each turn",
    analyseTitle: 'Analyse a position', positionOrId: 'Position (text or ID)', diceLabel: 'Dice', analyseButton: 'Analyse',
  },
  fr: {
    title: 'Jacquet', newGame: 'Nouvelle partie', against: 'Adversaire', computer: 'L\'ordinateur', friend: 'Un ami (lien d\'invitation)',
    level: 'Niveau', rules: 'Règles', options: 'Options (facultatif)', position: 'Partir d\'une position (facultatif)', match: 'Match en', points: 'points', side: 'Votre camp',
    white: 'Blancs', black: 'Noirs', start: 'Commencer', myGames: 'Vos parties', noGames: 'Aucune partie pour l\'instant.',
    playing: 'en cours', over: 'terminée', open: 'Ouvrir', vs: 'contre',
    levels: { beginner: 'Débutant', intermediate: 'Intermédiaire', expert: 'Expert', 'world-class': 'Classe mondiale', heuristic: 'Heuristique', random: 'Au hasard' },
    presets: { modern: 'Moderne (par défaut)', original: 'Règles d\'origine (1818)', advanced: 'Avancées (Léchalet)', moultezim: 'Moultezim', versailles: 'Jacquet de Versailles' },
    roll: 'Jeter les dés', rollOpening: 'Jeter pour le départ', undo: 'Annuler', confirm: 'Valider', hint: 'Conseil', resign: 'Abandonner',
    next: 'Partie suivante', record: 'Télécharger la partie', lobby: 'Accueil', invite: 'Envoyez ce lien à votre ami :',
    spectate: 'Spectateurs :', copy: 'Copier', copied: 'Copié', connected: 'connecté', away: 'non connecté',
    yourTurn: 'À vous de jouer', waiting: 'En attente : {0}', you: 'vous', opponent: 'adversaire', spectator: 'Vous regardez la partie.',
    pips: 'points', off: 'sorties', score: 'Score', matchTo: 'match en {0}', moves: 'Coups', game: 'Partie {0}',
    openingThrow: 'Coup de départ : Blancs {0}, Noirs {1}', tie: 'égalité', starts: 'les {0} commencent',
    throwAgain: 'les {0} relancent', playsOpening: 'les {0} jouent les dés du départ',
    passes: 'les {0} ne peuvent pas jouer {1}', plays: '{0} {1} : {2}', resigns: 'les {0} abandonnent',
    forced: 'Coup forcé : {0} — validez-le.', pass: 'Aucun coup possible : le tour passe.',
    dice: { pair: '{0} et {1}', ace: 'as', d1: 'Bezas', d2: 'Double deux', d3: 'Ternes', d4: 'Carmes', d5: 'Quines', d6: 'Sonnés', passed: 'transmis : {0}' },
    wins: 'Les {0} gagnent {1} ({2}).', winsMatch: 'Les {0} gagnent le match {1}–{2}.',
    reasons: { single: 'partie simple', double: 'partie double : le perdant n\'a sorti aucune dame', 'ladder-borne-off': 'le perdant avait sorti une dame', 'ladder-last-quadrant': 'toutes les dames du perdant dans son dernier quadrant', 'ladder-third-quadrant': 'le perdant avait encore des dames dans son troisième quadrant', 'ladder-second-quadrant': 'le perdant avait encore des dames dans son deuxième quadrant', 'ladder-first-quadrant': 'le perdant avait encore des dames dans son premier quadrant', spanish: 'par dame restante' },
    byResignation: ', par abandon', point: 'point', pointsWord: 'points',
    choice: 'Jouer les dés du départ {0}, ou relancer ?', playThem: 'Les jouer', again: 'Relancer',
    typePlay: 'Tapez un coup (1/7 7/12) puis Entrée', seed: 'Graine des dés (révélée)', seedHash: 'Empreinte de la graine',
    postilion: 'postillon', stored: 'sur le talon adverse', language: 'English',
    keys: 'Touches : r jeter · u annuler · Entrée valider · h conseil', hintTitle: 'L\'ordinateur conseille',
    reconnecting: 'Connexion perdue — reconnexion…', gameNotFound: 'Cette partie n\'existe pas.',
    review: 'Revoir la partie', analysing: 'Analyse… {0}/{1} coups', best: 'meilleur', errorRate: 'Taux d\'erreur (millièmes)',
    rating: 'Niveau', luck: 'Chance', luckAdjusted: 'Résultat sans la chance', decisions: 'Décisions', marksCount: 'Douteux / mauvais / très mauvais',
    marks: { doubtful: 'douteux', bad: 'mauvais', 'very bad': 'très mauvais' },
    ratings: { 'world class': 'classe mondiale', expert: 'expert', advanced: 'avancé', intermediate: 'intermédiaire', 'casual player': 'joueur occasionnel', beginner: 'débutant', awful: 'catastrophique' },
    graph: 'Chances de gain des Blancs après chaque coup',
    analyseTitle: 'Analyser une position', positionOrId: 'Position (texte ou identifiant)', diceLabel: 'Dés', analyseButton: 'Analyser',
  },
};

function lang() {
  const saved = localStorage.getItem('jacquet.lang');
  if (saved === 'fr' || saved === 'en') return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function setLang(l) {
  localStorage.setItem('jacquet.lang', l);
  document.documentElement.lang = l;
}

function t(key, ...args) {
  const parts = key.split('.');
  let v = TEXTS[lang()];
  for (const p of parts) v = v == null ? undefined : v[p];
  if (v === undefined) v = key;
  return String(v).replace(/\{(\d)\}/g, (_, i) => args[i] !== undefined ? args[i] : '');
}

function sideName(side) { return t(side); }

/** Dice announced the traditional way: higher first, an ace, doubles by name. */
function diceName(text, transferred) {
  if (transferred) return t('dice.passed', text.replace('+', '').split('-').map(dieName).join(', '));
  const [a, b] = text.split('-').map(Number);
  if (a === b) return t('dice.d' + a);
  return t('dice.pair', dieName(a), dieName(b));
}

function dieName(v) { return Number(v) === 1 ? t('dice.ace') : String(v); }

function translatePage() {
  document.querySelectorAll('[data-t]').forEach(el => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll('[data-t-placeholder]').forEach(el => { el.placeholder = t(el.dataset.tPlaceholder); });
  document.documentElement.lang = lang();
}
