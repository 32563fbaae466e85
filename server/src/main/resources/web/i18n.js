// The web app's words in French and English, with the game's own vocabulary; and every code
// the server sends (docs/PROTOCOL.md) worded in both, from its params and the server's table
// of codes (codes.js, served from web/codes.json).
const TEXTS = {
  en: {
    puzzle: {
      title: 'Puzzles', check: 'Check my play', next: 'Next puzzle', daily: 'Puzzle of the day', theme: 'Theme',
      anyTheme: 'Any theme', ofTheDay: 'Puzzle of the day, {0}', number: 'Puzzle {0} ({1})',
      task: '{0} to play {1}: find the best play.', themesAre: 'Themes: {0}',
      themes: { postilion: 'the postilion', blocks: 'blocks', 'bear-off': 'bearing off', race: 'the race' },
      complete: 'The play is complete: check it, or undo a step.',
      right: 'Right: this is the best play.', wrong: 'Not the best play: the best is {0} (gold arrows; yours in blue).',
      play: 'Play', equity: 'Expected points', interval: 'Behind the best (95%)', yours: '(yours)',
      notRolled: 'Your play {0} was not among the plays rolled out: world class\'s search ranks it below them.',
      howMeasured: 'Each play was played out {0} times by the expert level from here, the same dice for each.',
      expertWrong: 'The expert level, which does not look ahead, gets this one wrong.',
      streak: 'Streak: {0} in a row (best {1}), kept in this browser.',
      rating: { one: 'Your puzzle rating: {1} ({0} rated answer).', other: 'Your puzzle rating: {1} ({0} rated answers).' },
      rated: 'Puzzle rating {0} → {1} ({2}); this puzzle is now rated {3}.',
      notRated: { 'puzzle-tried': 'Not rated: you had already answered this puzzle (it is rated {0}).',
        'puzzle-not-offered': 'Not rated: only the puzzle of the day and the next puzzles offered to you are rated (this one is rated {0}).' },
      unreachable: 'The server cannot be reached: try again.',
      about: 'A puzzle is a position where one play is clearly the best: rolled out, it leads every other play by a margin its interval confirms.',
    },
    title: 'Jacquet',
    pitch: 'Jacquet is the French cousin of backgammon: nobody is ever hit — both sides race the same way round the board, each trying to block the other.',
    learnLink: 'New to Jacquet? Learn step by step', learnLessons: 'Lessons', lessonOf: 'Lesson {0} of {1}', positionOf: 'Your task, position {0} of {1}:',
    learnType: 'Or type the play ({0})', learnPlay: 'Play', learnAgain: 'Try again', learnNext: 'Next',
    lessonWins: 'Counted by the board: you win {0}.', lessonWouldPay: 'Counted by the board: if Black won now, you would pay {0}.',
    pointCount: { one: '{0} point', other: '{0} points' },
    lessonRight: 'Right.', lessonWrong: 'Not the play asked: {0}', lessonLegalOther: 'This play is legal, but it is not the one asked.',
    lessonEquities: 'World class, now: your play {0} {1}; the best {2} {3}.', courseDone: 'You have finished the course. Play the computer from the lobby!',
    learnStrategy: 'strategy', learnDoneMark: 'done', progressLocal: 'Your progress is kept in this browser.',
    pitchRules: 'How to play', playingAs: 'You play as', rename: 'Change name', newName: 'Your name', save: 'Save', cancel: 'Cancel',
    nameHelp: '3 to 20 letters, digits, - or _. Other players online see it.',
    timeControl: 'Time control', playNow: 'Play now', playFriend: 'Play a friend', playComputer: 'Play the computer', playPractice: 'Practise with the tutor',
    pairingComputer: 'Play the computer instead', pairingComputerRated: 'Play a rated game against the computer instead', lookingFor: 'Looking for an opponent ({0})… Other players waiting: {1}.',
    openChallenges: 'Open challenges', postChallenge: 'Post a challenge', randomSide: 'Drawn at random',
    challengeWhom: 'Challenge one player (optional)', anyone: 'anyone', post: 'Post', accept: 'Accept', decline: 'Decline',
    noChallenges: 'No open challenge: post one, or press Play now.', posterPlays: 'plays {0}',
    ratedSeek: 'Rated (both players signed in)', ratedMark: 'rated',
    gamesPlayed: 'Games being played', noGamesPlayed: 'No game between players right now.', spectators: 'watching: {0}',
    online: 'Players online: {0}', tools: 'Analysis / Board editor', startFromTitle: 'Start from a position',
    positionHelp: 'A position typed as text (or made in the board editor below) starts the game of the form above.',
    daysAMove: { one: '{0} day a move', other: '{0} days a move' }, daysHours: '{0} d {1} h', hoursMinutes: '{0} h {1} min', minutesOnly: '{0} min',
    awayUntil: 'on vacation until {0}', outageCredit: 'The server was down for {0} s: that time was given back to the clock.',
    ratedVsComputer: 'Rated: the level is a rated player', yourTurn: 'Your turn', theirTurn: 'Waiting for your opponents', noneYourTurn: 'No game waits for you.', noneTheirTurn: 'None.',
    corresLeft: '{0} left', corresOpening: 'the opening throw to make', corresVs: 'against {0}', corresRated: 'rated',
    opponentAway: '{0} is on vacation until {1}', vacation: 'Vacation', vacationDays: 'Days away',
    vacationHelp: { one: 'While you are away your days a move stop: {0} day of {1} left in the last 365.', other: 'While you are away your days a move stop: {0} days of {1} left in the last 365.' },
    vacationTake: 'Go on vacation', vacationUntil: 'You are on vacation until {0}: your opponents see it, and your days a move stop until then.',
    corresHelp: 'Correspondence games (days a move) are posted as challenges in the lobby, between signed-in players.',
    untimed: 'untimed', minutes: '{0} min', seconds: '{0} s', timeText: '{0} s a move + {1} a point', networkError: 'The server cannot be reached.', newGame: 'New game', against: 'Opponent', computer: 'The computer', practice: 'The computer, with the tutor on (practice)', friend: 'A friend (invitation link)',
    friendShort: 'a friend',
    level: 'Level', rules: 'Rules', options: 'Options', position: 'Start from a position (optional)', match: 'Match to', points: 'points', side: 'Your side',
    white: 'White', black: 'Black', start: 'Start', myGames: 'Your games', noGames: 'No games yet.',
    playing: 'in progress', over: 'finished', open: 'Open', vs: 'vs',
    levels: { beginner: 'Beginner', casual: 'Casual', intermediate: 'Intermediate', advanced: 'Advanced', expert: 'Expert', 'world-class': 'World class', 'expert-v1': 'Expert (first version)', 'expert-v2': 'Expert (second version)', heuristic: 'Heuristic', random: 'Random' },
    levelsHelp: { beginner: 'knows the rules, often misses the better play', casual: 'plays sensibly, slips now and then', intermediate: 'a fair club player', advanced: 'a strong club player: rare, small errors', expert: 'the trained network\'s own judgement, at once', 'world-class': 'the strongest: weighs every throw of yours, then every throw of its own' },
    presets: { modern: 'Modern (default)', original: 'Original (1818)', advanced: 'Advanced (Léchalet)', moultezim: 'Moultezim', versailles: 'Jacquet de Versailles' },
    presetHelp: {
      modern: 'Today\'s club rules: a block of six needs a return checker; the winner of the opening throws again.',
      original: 'The 1818 rules: blocks of six freely allowed, no double game.',
      advanced: 'Léchalet\'s rules: borne-off checkers wait on the opponent\'s talon; scores by a ladder.',
      moultezim: 'The Turkish cousin: the postilion only has to reach the third quadrant.',
      versailles: 'Dice that cannot be played pass to the opponent; the opening dice are played.',
    },
    optReturn: 'Return checkers a block of six needs', optScoring: 'Scoring', optOpening: 'Opening', optDefault: 'as the rules say',
    scorings: { simple: 'single or double game', ladder: 'ladder (by where the loser\'s checkers are)', spanish: 'one point per checker left' },
    openings: { reroll: 'the winner throws again', 'play-opening-dice': 'the winner plays the opening dice', 'winner-chooses': 'the winner chooses' },
    rulesLink: 'Rules of the game', rulesShort: 'Rules', rulesOf: 'Rules: {0}',
    roll: 'Throw the dice', rollOpening: 'Throw for the start', undo: 'Undo', confirm: 'Confirm', hint: 'Hint', resign: 'Resign',
    next: 'Next game', record: 'Download the record', lobby: 'Lobby', invite: 'Send this link to your friend (it gives their seat):',
    spectate: 'Link to watch this game:', copy: 'Copy', copied: 'Copied', connected: 'connected', away: 'not connected',
    yourTurn: 'Your turn', waiting: 'Waiting for {0}', you: 'you', nameYou: '{0}, you', turnBoard: 'Turn the board', opponent: 'opponent', player: 'player', spectator: 'You are watching.',
    toPlay: '{0} to play', toThrow: '{0} to throw',
    pips: 'pips', off: 'off', score: 'Score', matchTo: 'match to {0}', moves: 'Moves', game: 'Game {0}',
    openingThrow: 'Opening throw: White {0}, Black {1}', tie: 'a tie: throw again', starts: '{0} starts',
    tieShort: 'Tie!', startsShort: '{0} starts', cannotPlayShort: 'cannot play',
    openingTieStatus: 'Tie ({0} each): throw again for the start.',
    openingWonStatus: '{0} won the opening throw ({1} to {2}).',
    openingTiePlayStatus: 'Tie ({0} each): each side plays the double, White first; then the opening throw is made again.',
    tiePlayed: 'a tie: each side plays the double {0}-{0}, White first, then the opening throw again',
    throwAgain: '{0} throws again', playsOpening: '{0} plays the opening dice',
    passes: '{0} cannot play {1}', plays: '{0} {1}: {2}', resigns: '{0} resigns', flagFalls: '{0} runs out of time', claimed: '{0} left: the game is claimed',
    lostDice: '{0} cannot play {1}', lostSome: '{0} could not use {1}', because: ': {0}',
    forced: 'Forced play: {0} — Confirm plays it.', forcedPart: 'Forced play: {0}, the rest of the throw cannot be played — Confirm plays it.',
    confirmHowPart: 'The play is complete: the rest of the dice cannot be played. Confirm it, or Undo to change it.',
    openingHow: 'Throw for the start: one die each, the higher begins.', yourTurnRoll: 'Your turn: throw the dice.',
    youWin: 'You win this game.', youLose: 'You lose this game.', lastPlayed: '{0} played {1}: {2}.', lastPassed: '{0} cannot play {1} (why: below).', moveHow: 'To move: pick a checker ringed in gold, then a green point (or drag it there).',
    sendInvite: 'Your friend is not here yet: send them the link below (Copy).', friendLeft: 'Your friend has left the game (the connection dropped): they come back with their own link, and the game waits for them.', moveOn: 'Play the rest of the dice, or Undo.', confirmHow: 'The play is complete: Confirm it, or Undo to change it.', pass: 'No legal play: the turn passes.',
    dice: { pair: '{0} and {1}', ace: 'ace', d1: 'double aces (bezas)', d2: 'double twos (double deux)', d3: 'double threes (ternes)', d4: 'double fours (carmes)', d5: 'double fives (quines)', d6: 'double sixes (sonnés)', passed: 'passed on: {0}' },
    lockedResult: 'Neither side can ever move again: the game ends, nobody wins.',
    wins: '{0} wins {1} ({2}).', winsMatch: '{0} wins the match {1}–{2}.',
    reasons: { single: 'single game', double: 'double: the loser bore off no checker', 'ladder-borne-off': 'the loser had borne off a checker', 'ladder-last-quadrant': "all the loser's checkers in its last quadrant", 'ladder-third-quadrant': 'the loser still had checkers in its third quadrant', 'ladder-second-quadrant': 'the loser still had checkers in its second quadrant', 'ladder-first-quadrant': 'the loser still had checkers in its first quadrant', spanish: 'per checker left' },
    byResignation: ', by resignation',
    byTimeout: ', on time: the reserve ran out', byClaim: ', claimed: the opponent left',
    clockDelay: '+{0} s free', clockSound: 'Sound in my clock\'s last seconds',
    claimIn: '{0} left the game: you may claim it in {1} s.', claimNow: '{0} left the game: you may claim it (or wait).', claim: 'Claim the game',
    chatPlayers: 'Chat with your opponent', chatSpectators: 'Spectators\' chat (the players do not read it)', chatPlaceholder: 'Write a message',
    chatSend: 'Send', chatMute: 'Mute my opponent', chatHide: 'Hide the chat', chatEmpty: 'No messages yet.', spectatorName: 'Spectator',
    chatCount: '{0}/{1}', chatFull: 'A line holds {0} characters at most: nothing more can be typed.',
    phrases: { 'good-game': 'Good game', 'well-played': 'Well played', thanks: 'Thanks', 'good-luck': 'Good luck', sorry: 'Sorry' },
    choice: 'Play the opening dice {0}, or throw again?', playThem: 'Play them', again: 'Throw again',
    typePlay: 'Type a play ({0}) and Enter', seed: 'Dice seed (revealed)', seedHash: 'Dice seed hash',
    postilion: 'postilion', stored: 'on the opponent\'s talon', language: 'Français', languageShort: 'FR',
    keys: 'Keys: r throw · u undo · c (or Enter) confirm · h hint · ←/→ history · Tab to the points, Enter to pick and drop · / type a play · Esc leave the box',
    hintTitle: 'The computer suggests',
    reconnecting: 'Connection lost — reconnecting…', gameNotFound: 'There is no such game.', noFragment: 'No game is named in this address.',
    backToLobby: 'Back to the lobby', watchInstead: 'Watch this game', badTokenText: 'This link does not give a seat in this game: an invitation seats the first to come with it, who then plays under a key of their own (or the link is old or mistyped). You can still watch the game.',
    review: 'Review', analysing: 'Analysing… {0}/{1} turns', reviewAgain: 'The review is asked for again in {0} s.', best: 'best', errorRate: 'Error rate (thousandths)',
    rating: 'Rating', luck: 'Luck', luckAdjusted: 'Luck-adjusted', decisions: 'Decisions', marksCount: 'Doubtful / bad / very bad',
    marks: { doubtful: 'doubtful', bad: 'bad', 'very bad': 'very bad' },
    ratings: { 'world class': 'world class', expert: 'expert', advanced: 'advanced', intermediate: 'intermediate', 'casual player': 'casual player', beginner: 'beginner', awful: 'awful', 'no decisions': 'no decisions' },
    graph: "White's chance of winning after each turn", graphTurn: 'turn', graphGame: 'game {0}',
    played: 'played', lost: 'lost {0}', noTurnPlayed: 'nothing to play', passWord: 'no play',
    analyseTitle: 'Analyse a position', positionOrId: 'Position (text or ID)', diceLabel: 'Dice', analyseButton: 'Analyse',
    analyseThis: 'Analyse this position', saveImage: 'Save the board as an image',
    resignAsk: 'Resign this game? {0} scores {1} ({2}).', resignYes: 'Yes, resign', resignNo: 'No, play on',
    overTitle: 'Game over', rematch: 'Rematch', rematchOffered: 'A rematch is ready.', openRematch: 'Play the rematch',
    rematchWatched: 'The players are playing a rematch.', watchRematch: 'Watch the rematch',
    newGameLink: 'New game', settings: 'Settings', speed: 'Animation', speeds: { 0: 'none', 150: 'fast', 350: 'normal', 700: 'slow' },
    labelsToggle: 'Labels on the board', sound: 'Sound on your turn', theme: 'Theme', themes: { auto: 'as the system', light: 'light', dark: 'dark' },
    flip: 'Turn the board',
    quadrantLabel: 'quadrant {0}', yourTalon: 'your talon', theirTalon: 'their talon', talonOf: '{0}\'s talon',
    pointLabel: 'Point {0}', checkersOf: '{0} {1} checker(s)', empty: 'empty', canMoveTo: 'can move to {0}', destination: 'drop here',
    offWord: 'off', trayLabel: 'Tray: {0} borne off',
    cannotMove: 'This checker cannot move: {0}.', cannotMoveDie: '{0}: {1}',
    historyAt: 'Turn {0} of {1} (read-only) — → to go on, End for now', historyStatus: 'Looking back — turn {0} of {1}: {2}', historyStart: 'Looking back — the start, before turn 1', live: 'Back to the game',
    tutor: 'Tutor (against the computer): warn me before', tutorLevels: { off: 'never', doubtful: 'a doubtful play (losing 0.040 or more)', bad: 'a bad play (losing 0.080 or more)', veryBad: 'a very bad play (losing 0.160 or more)' }, tutorWarn: 'The tutor: {2} gives up {0} against the best play, {1}. Play it anyway?', tutorPlay: 'Play it', tutorBack: 'Take it back',
    pointNames: 'Points named by', pointNamings: { letters: 'the board\'s letters a–x (one name per point)', mover: 'each side\'s own numbers 1–24 (as in records)' },
    yourTurnTitle: 'Your turn — Jacquet', editor: 'Board editor', editorHelp: 'Click a point to add a checker of the chosen side, right-click (or long press) to remove one; drag a checker to move it (onto the tray to take it off).',
    editorSide: 'Checkers', editorTurn: 'Side to move', editorClear: 'Empty', editorStart: 'Start position', useToStart: 'Start a game from it', useToAnalyse: 'Analyse it', positionId: 'Position ID',
    announceDice: '{0} threw {1}', announcePlay: '{0} played {1}',
    editorFull: '{0} already has 15 checkers: take one off first.', editorHeld: 'Point {0} is held by {1}: a point holds one side only.',
    diceOf: '{0}\'s dice: {1}', boardAria: 'Board, as you see it. {0}', sideOnBoard: '{0}: {1}', onPoint: '{0} on point {1}', postilionOn: 'the postilion on point {0}',
    borneOffN: '{0} borne off', noChecker: 'none on the board', diagramOf: '{0}. {1}',
    depth: { 0: 'at a glance', 1: 'one throw ahead', 2: 'two throws ahead', n: '{0} throws ahead' },
    autoRoll: 'Throw my dice for me', autoForced: 'Play my forced plays for me',
    practiceGame: 'Practice game: the tutor is on, not rated', practiceKeep: 'Keep my play',
    firstThrow: 'Your first game: throw the dice yourself. From then on the page throws for you (Settings).',
    tutorAsks: 'The tutor asks before your play: play it, or take it back?', tutorAsksPractice: 'The tutor asks: keep your play, or take it back? The computer waits for your answer.',
    tutorPractice: 'In a practice game the tutor is always on: it speaks at this level.',
    practiceWarn: 'The tutor: your play {2} gave up {0} against the best play, {1} (its arrows in gold). Take it back and play again?',
    step: 'step', codeUnknown: '{0}',
  },
  fr: {
    puzzle: {
      title: 'Problèmes', check: 'Vérifier mon coup', next: 'Problème suivant', daily: 'Problème du jour', theme: 'Thème',
      anyTheme: 'Tous les thèmes', ofTheDay: 'Problème du jour, {0}', number: 'Problème {0} ({1})',
      task: 'Aux {0} de jouer {1} : trouvez le meilleur coup.', themesAre: 'Thèmes : {0}',
      themes: { postilion: 'le postillon', blocks: 'les blocages', 'bear-off': 'la sortie', race: 'la course' },
      complete: 'Le coup est complet : vérifiez-le, ou annulez un pas.',
      right: 'Juste : c\'est le meilleur coup.', wrong: 'Ce n\'est pas le meilleur coup : le meilleur est {0} (flèches dorées ; le vôtre en bleu).',
      play: 'Coup', equity: 'Points espérés', interval: 'Écart au meilleur (à 95 %)', yours: '(le vôtre)',
      notRolled: 'Votre coup {0} n\'était pas parmi les coups joués jusqu\'au bout : la recherche du niveau classe mondiale le classe derrière eux.',
      howMeasured: 'Chaque coup a été joué jusqu\'au bout {0} fois par le niveau expert depuis cette position, avec les mêmes dés pour chacun.',
      expertWrong: 'Le niveau expert, qui ne regarde pas plus loin que le coup, se trompe sur celui-ci.',
      streak: 'Série : {0} d\'affilée (record {1}), gardée dans ce navigateur.',
      rating: { one: 'Votre classement aux problèmes : {1} ({0} réponse classée).', other: 'Votre classement aux problèmes : {1} ({0} réponses classées).' },
      rated: 'Classement aux problèmes {0} → {1} ({2}) ; ce problème est maintenant classé {3}.',
      notRated: { 'puzzle-tried': 'Non classé : vous aviez déjà répondu à ce problème (il est classé {0}).',
        'puzzle-not-offered': 'Non classé : seuls le problème du jour et les problèmes suivants qui vous sont proposés comptent (celui-ci est classé {0}).' },
      unreachable: 'Le serveur ne répond pas : réessayez.',
      about: 'Un problème est une position où un coup est clairement le meilleur : joué jusqu\'au bout, il devance tous les autres d\'un écart que son intervalle confirme.',
    },
    title: 'Jacquet',
    pitch: 'Le jacquet est le cousin français du backgammon : on ne bat jamais une dame — les deux camps courent dans le même sens autour du tablier, chacun cherchant à bloquer l\'autre.',
    learnLink: 'Nouveau au jacquet ? Apprenez pas à pas', learnLessons: 'Leçons', lessonOf: 'Leçon {0} sur {1}', positionOf: 'À vous, position {0} sur {1} :',
    learnType: 'Ou tapez le coup ({0})', learnPlay: 'Jouer', learnAgain: 'Réessayer', learnNext: 'Suivant',
    lessonWins: 'Compté par le tablier : vous gagnez {0}.', lessonWouldPay: 'Compté par le tablier : si les noirs gagnaient maintenant, vous paieriez {0}.',
    pointCount: { one: '{0} point', other: '{0} points' },
    lessonRight: 'Bien joué.', lessonWrong: 'Ce n\'est pas le coup demandé : {0}', lessonLegalOther: 'Ce coup est permis, mais ce n\'est pas celui qui est demandé.',
    lessonEquities: 'Classe mondiale, à l\'instant : votre coup {0} {1} ; le meilleur {2} {3}.', courseDone: 'Vous avez fini le cours. Jouez contre l\'ordinateur depuis le salon !',
    learnStrategy: 'stratégie', learnDoneMark: 'faite', progressLocal: 'Vos progrès sont gardés dans ce navigateur.',
    pitchRules: 'Apprendre à jouer', playingAs: 'Vous jouez sous le nom', rename: 'Changer de nom', newName: 'Votre nom', save: 'Enregistrer', cancel: 'Annuler',
    nameHelp: '3 à 20 lettres, chiffres, - ou _. Les autres joueurs en ligne le voient.',
    timeControl: 'Cadence', playNow: 'Jouer maintenant', playFriend: 'Jouer avec un ami', playComputer: 'Jouer contre l\'ordinateur', playPractice: 'S\'entraîner avec le tuteur',
    pairingComputer: 'Jouer plutôt contre l\'ordinateur', pairingComputerRated: 'Jouer plutôt une partie classée contre l\'ordinateur', lookingFor: 'Recherche d\'un adversaire ({0})… Autres joueurs en attente : {1}.',
    openChallenges: 'Défis ouverts', postChallenge: 'Lancer un défi', randomSide: 'Tiré au sort',
    challengeWhom: 'Défier un joueur précis (facultatif)', anyone: 'n\'importe qui', post: 'Publier', accept: 'Accepter', decline: 'Refuser',
    noChallenges: 'Aucun défi ouvert : lancez-en un, ou touchez Jouer maintenant.', posterPlays: 'joue les {0}',
    ratedSeek: 'Classée (deux joueurs connectés à un compte)', ratedMark: 'classée',
    gamesPlayed: 'Parties en cours', noGamesPlayed: 'Aucune partie entre joueurs en ce moment.', spectators: 'spectateurs : {0}',
    online: 'Joueurs en ligne : {0}', tools: 'Analyses et éditeur de position', startFromTitle: 'Partir d\'une position',
    positionHelp: 'Une position écrite en texte (ou faite dans l\'éditeur ci-dessous) sert de départ à la partie du formulaire ci-dessus.',
    daysAMove: { one: '{0} jour par coup', other: '{0} jours par coup' }, daysHours: '{0} j {1} h', hoursMinutes: '{0} h {1} min', minutesOnly: '{0} min',
    awayUntil: 'en vacances jusqu\'au {0}', outageCredit: 'Le serveur a été arrêté {0} s : ce temps a été rendu à la pendule.',
    ratedVsComputer: 'Classée : le niveau est un joueur classé', yourTurn: 'À vous de jouer', theirTurn: 'En attente de vos adversaires', noneYourTurn: 'Aucune partie ne vous attend.', noneTheirTurn: 'Aucune.',
    corresLeft: 'reste {0}', corresOpening: 'premier lancer à faire', corresVs: 'contre {0}', corresRated: 'classée',
    opponentAway: '{0} est en vacances jusqu\'au {1}', vacation: 'Vacances', vacationDays: 'Jours d\'absence',
    vacationHelp: { one: 'Pendant votre absence, vos jours par coup s\'arrêtent : il vous reste {0} jour sur {1} sur les 365 derniers jours.', other: 'Pendant votre absence, vos jours par coup s\'arrêtent : il vous reste {0} jours sur {1} sur les 365 derniers jours.' },
    vacationTake: 'Partir en vacances', vacationUntil: 'Vous êtes en vacances jusqu\'au {0} : vos adversaires le voient, et vos jours par coup s\'arrêtent jusque-là.',
    corresHelp: 'Les parties par correspondance (des jours par coup) se proposent comme défis dans le salon, entre joueurs connectés à un compte.',
    untimed: 'sans pendule', minutes: '{0} min', seconds: '{0} s', timeText: '{0} s par coup + {1} par point', networkError: 'Le serveur est injoignable.', newGame: 'Nouvelle partie', against: 'Adversaire', computer: 'L\'ordinateur', practice: 'L\'ordinateur, avec le tuteur (entraînement)', friend: 'Un ami (lien d\'invitation)',
    friendShort: 'un ami',
    level: 'Niveau', rules: 'Règles', options: 'Options', position: 'Partir d\'une position (facultatif)', match: 'Match en', points: 'points', side: 'Votre camp',
    white: 'Blancs', black: 'Noirs', start: 'Commencer', myGames: 'Vos parties', noGames: 'Aucune partie pour l\'instant.',
    playing: 'en cours', over: 'terminée', open: 'Ouvrir', vs: 'contre',
    levels: { beginner: 'Débutant', casual: 'Occasionnel', intermediate: 'Intermédiaire', advanced: 'Avancé', expert: 'Expert', 'world-class': 'Classe mondiale', 'expert-v1': 'Expert (première version)', 'expert-v2': 'Expert (deuxième version)', heuristic: 'Heuristique', random: 'Au hasard' },
    levelsHelp: { beginner: 'connaît les règles, manque souvent le meilleur coup', casual: 'joue raisonnablement, se trompe de temps en temps', intermediate: 'un honnête joueur de club', advanced: 'un bon joueur de club : des erreurs rares et petites', expert: 'le jugement du réseau entraîné, sans attendre', 'world-class': 'le plus fort : pèse chacun de vos jets, puis chacun des siens' },
    presets: { modern: 'Moderne (par défaut)', original: 'Règles d\'origine (1818)', advanced: 'Avancées (Léchalet)', moultezim: 'Moultezim', versailles: 'Jacquet de Versailles' },
    presetHelp: {
      modern: 'Les règles de club d\'aujourd\'hui : un bouchon de six exige une dame de retour ; le gagnant du départ relance.',
      original: 'Les règles de 1818 : bouchons de six permis, pas de partie double.',
      advanced: 'Les règles de Léchalet : les dames sorties attendent sur le talon adverse ; score par échelle.',
      moultezim: 'Le cousin turc : le postillon n\'a qu\'à atteindre le troisième quadrant.',
      versailles: 'Les dés injouables passent à l\'adversaire ; on joue les dés du départ.',
    },
    optReturn: 'Dames de retour qu\'exige un bouchon de six', optScoring: 'Marque', optOpening: 'Départ', optDefault: 'selon les règles',
    scorings: { simple: 'partie simple ou double', ladder: 'échelle (selon où sont les dames du perdant)', spanish: 'un point par dame restante' },
    openings: { reroll: 'le gagnant relance', 'play-opening-dice': 'le gagnant joue les dés du départ', 'winner-chooses': 'le gagnant choisit' },
    rulesLink: 'Règles du jeu', rulesShort: 'Règles', rulesOf: 'Règles : {0}',
    roll: 'Jeter les dés', rollOpening: 'Jeter pour le départ', undo: 'Annuler', confirm: 'Valider le coup', hint: 'Conseil', resign: 'Abandonner',
    next: 'Partie suivante', record: 'Télécharger la partie', lobby: 'Accueil', invite: 'Envoyez ce lien à votre ami (il donne sa place) :',
    spectate: 'Lien pour regarder la partie :', copy: 'Copier', copied: 'Copié', connected: 'connecté', away: 'non connecté',
    yourTurn: 'À vous de jouer', waiting: 'En attente : {0}', you: 'vous', nameYou: '{0}, vous', turnBoard: 'Retourner le tablier', opponent: 'adversaire', player: 'joueur', spectator: 'Vous regardez la partie.',
    toPlay: 'Aux {0} de jouer', toThrow: 'Aux {0} de jeter les dés',
    pips: 'à courir', off: 'sorties', score: 'Score', matchTo: 'match en {0}', moves: 'Coups', game: 'Partie {0}',
    openingThrow: 'Coup de départ : Blancs {0}, Noirs {1}', tie: 'égalité : on relance', starts: 'les {0} commencent',
    tieShort: 'Égalité !', startsShort: 'les {0} commencent', cannotPlayShort: 'injouable',
    openingTieStatus: 'Égalité ({0} chacun) : relancez pour le départ.',
    openingWonStatus: 'Les {0} gagnent le départ ({1} contre {2}).',
    openingTiePlayStatus: 'Égalité ({0} chacun) : chaque camp joue le doublet, les Blancs d\'abord ; puis on relance pour le départ.',
    tiePlayed: 'égalité : chaque camp joue le doublet {0}-{0}, les Blancs d\'abord, puis on relance le départ',
    throwAgain: 'les {0} relancent', playsOpening: 'les {0} jouent les dés du départ',
    passes: 'les {0} ne peuvent pas jouer {1}', plays: '{0} {1} : {2}', resigns: 'les {0} abandonnent', flagFalls: 'les {0} perdent au temps', claimed: 'les {0} sont partis : la partie est réclamée',
    lostDice: 'Les {0} ne peuvent pas jouer {1}', lostSome: 'Les {0} n\'ont pas pu jouer {1}', because: ' : {0}',
    forced: 'Coup forcé : {0} — validez-le.', forcedPart: 'Coup forcé : {0}, le reste du jet ne peut pas être joué — validez-le.',
    confirmHowPart: 'Le coup est complet : le reste des dés ne peut pas être joué. Validez-le, ou annulez pour le changer.',
    openingHow: 'Jetez pour le départ : un dé chacun, le plus fort commence.', yourTurnRoll: 'À vous de jouer : jetez les dés.',
    youWin: 'Vous gagnez cette partie.', youLose: 'Vous perdez cette partie.', lastPlayed: 'Les {0} ont joué {1} : {2}.', lastPassed: 'Les {0} ne peuvent pas jouer {1} (pourquoi : plus bas).', moveHow: 'Pour jouer : choisissez une dame cerclée d\'or, puis une flèche verte (ou faites-la glisser).',
    sendInvite: 'Votre ami n\'est pas encore là : envoyez-lui le lien plus bas (Copier).', friendLeft: 'Votre ami a quitté la partie (connexion perdue) : il revient avec son propre lien, et la partie l\'attend.', moveOn: 'Jouez le reste des dés, ou annulez.', confirmHow: 'Le coup est complet : validez-le, ou annulez pour le changer.', pass: 'Aucun coup possible : le tour passe.',
    dice: { pair: '{0} et {1}', ace: 'as', d1: 'bezas (double as)', d2: 'double deux', d3: 'ternes (double 3)', d4: 'carmes (double 4)', d5: 'quines (double 5)', d6: 'sonnés (double 6)', passed: 'transmis : {0}' },
    lockedResult: 'Aucun camp ne pourra plus jamais jouer : la partie s\'arrête, personne ne gagne.',
    wins: 'Les {0} gagnent {1} ({2}).', winsMatch: 'Les {0} gagnent le match {1}–{2}.',
    reasons: { single: 'partie simple', double: 'partie double : le perdant n\'a sorti aucune dame', 'ladder-borne-off': 'le perdant avait sorti une dame', 'ladder-last-quadrant': 'toutes les dames du perdant dans son dernier quadrant', 'ladder-third-quadrant': 'le perdant avait encore des dames dans son troisième quadrant', 'ladder-second-quadrant': 'le perdant avait encore des dames dans son deuxième quadrant', 'ladder-first-quadrant': 'le perdant avait encore des dames dans son premier quadrant', spanish: 'par dame restante' },
    byResignation: ', par abandon',
    byTimeout: ', au temps : réserve épuisée', byClaim: ', réclamée : l\'adversaire est parti',
    clockDelay: '+{0} s offertes', clockSound: 'Son dans les dernières secondes de ma pendule',
    claimIn: 'Les {0} ont quitté la partie : vous pourrez la réclamer dans {1} s.', claimNow: 'Les {0} ont quitté la partie : vous pouvez la réclamer (ou attendre).', claim: 'Réclamer la partie',
    chatPlayers: 'Discuter avec votre adversaire', chatSpectators: 'Discussion des spectateurs (les joueurs ne la lisent pas)', chatPlaceholder: 'Écrire un message',
    chatSend: 'Envoyer', chatMute: 'Masquer mon adversaire', chatHide: 'Masquer la discussion', chatEmpty: 'Pas encore de message.', spectatorName: 'Spectateur',
    chatCount: '{0}/{1}', chatFull: 'Un message compte {0} caractères au plus : rien de plus ne peut être tapé.',
    phrases: { 'good-game': 'Bonne partie', 'well-played': 'Bien joué', thanks: 'Merci', 'good-luck': 'Bonne chance', sorry: 'Désolé' },
    choice: 'Jouer les dés du départ {0}, ou relancer ?', playThem: 'Les jouer', again: 'Relancer',
    typePlay: 'Tapez un coup ({0}) puis Entrée', seed: 'Graine des dés (révélée)', seedHash: 'Empreinte de la graine',
    postilion: 'postillon', stored: 'sur le talon adverse', language: 'English', languageShort: 'EN',
    keys: 'Touches : r jeter · u annuler · c (ou Entrée) valider · h conseil · ←/→ historique · Tab vers les flèches, Entrée pour prendre et poser · / taper un coup · Échap quitter la saisie',
    hintTitle: 'L\'ordinateur conseille',
    reconnecting: 'Connexion perdue — reconnexion…', gameNotFound: 'Cette partie n\'existe pas.', noFragment: 'Cette adresse ne désigne aucune partie.',
    backToLobby: 'Retour à l\'accueil', watchInstead: 'Regarder la partie', badTokenText: 'Ce lien ne donne pas de place dans cette partie : une invitation installe le premier qui vient avec, qui joue ensuite sous sa propre clé (ou le lien est ancien ou mal copié). Vous pouvez regarder la partie.',
    review: 'Revoir la partie', analysing: 'Analyse… {0}/{1} coups', reviewAgain: 'Nouvelle demande de l\'analyse dans {0} s.', best: 'meilleur', errorRate: 'Taux d\'erreur (millièmes)',
    rating: 'Niveau', luck: 'Chance', luckAdjusted: 'Résultat sans la chance', decisions: 'Décisions', marksCount: 'Douteux / mauvais / très mauvais',
    marks: { doubtful: 'douteux', bad: 'mauvais', 'very bad': 'très mauvais' },
    ratings: { 'world class': 'classe mondiale', expert: 'expert', advanced: 'avancé', intermediate: 'intermédiaire', 'casual player': 'joueur occasionnel', beginner: 'débutant', awful: 'catastrophique', 'no decisions': 'aucune décision' },
    graph: 'Chances de gain des Blancs après chaque coup', graphTurn: 'coup', graphGame: 'partie {0}',
    played: 'joué', lost: 'perd {0}', noTurnPlayed: 'rien à jouer', passWord: 'aucun coup',
    analyseTitle: 'Analyser une position', positionOrId: 'Position (texte ou identifiant)', diceLabel: 'Dés', analyseButton: 'Analyser',
    analyseThis: 'Analyser cette position', saveImage: 'Enregistrer le plateau en image',
    resignAsk: 'Abandonner la partie ? Les {0} marquent {1} ({2}).', resignYes: 'Oui, abandonner', resignNo: 'Non, continuer',
    overTitle: 'Partie terminée', rematch: 'Revanche', rematchOffered: 'Une revanche est prête.', openRematch: 'Jouer la revanche',
    rematchWatched: 'Les joueurs disputent une revanche.', watchRematch: 'Regarder la revanche',
    newGameLink: 'Nouvelle partie', settings: 'Réglages', speed: 'Animation', speeds: { 0: 'aucune', 150: 'rapide', 350: 'normale', 700: 'lente' },
    labelsToggle: 'Légendes sur le tablier', sound: 'Son quand c\'est à vous', theme: 'Thème', themes: { auto: 'comme le système', light: 'clair', dark: 'sombre' },
    flip: 'Tourner le tablier',
    quadrantLabel: 'quadrant {0}', yourTalon: 'votre talon', theirTalon: 'talon adverse', talonOf: 'talon des {0}',
    pointLabel: 'Flèche {0}', checkersOf: '{0} dame(s) {1}', empty: 'vide', canMoveTo: 'peut aller en {0}', destination: 'poser ici',
    offWord: 'sortie', trayLabel: 'Sorties : {0} dame(s)',
    cannotMove: 'Cette dame ne peut pas bouger : {0}.', cannotMoveDie: '{0} : {1}',
    historyAt: 'Coup {0} sur {1} (consultation) — → pour avancer, Fin pour revenir', historyStatus: 'Retour en arrière — coup {0} sur {1} : {2}', historyStart: 'Retour en arrière — le départ, avant le coup 1', live: 'Revenir à la partie',
    tutor: 'Tuteur (contre l\'ordinateur) : me prévenir avant', tutorLevels: { off: 'jamais', doubtful: 'un coup douteux (qui perd 0,040 ou plus)', bad: 'un mauvais coup (qui perd 0,080 ou plus)', veryBad: 'un très mauvais coup (qui perd 0,160 ou plus)' }, tutorWarn: 'Le tuteur : {2} perd {0} par rapport au meilleur coup, {1}. Le jouer quand même ?', tutorPlay: 'Le jouer', tutorBack: 'Le reprendre',
    pointNames: 'Nommer les flèches par', pointNamings: { letters: 'les lettres a–x du tablier (un nom par flèche)', mover: 'les numéros propres à chaque camp, 1–24 (comme les relevés)' },
    yourTurnTitle: 'À vous — Jacquet', editor: 'Éditeur de position', editorHelp: 'Cliquez une flèche pour y ajouter une dame du camp choisi, clic droit (ou appui long) pour en retirer une ; faites glisser une dame pour la déplacer (dans le plateau de sortie pour la sortir).',
    editorSide: 'Dames', editorTurn: 'Camp au trait', editorClear: 'Vider', editorStart: 'Position de départ', useToStart: 'En partir pour une partie', useToAnalyse: 'L\'analyser', positionId: 'Identifiant de la position',
    announceDice: 'Les {0} ont jeté {1}', announcePlay: 'Les {0} ont joué {1}',
    editorFull: 'Les {0} ont déjà 15 dames : retirez-en une d\'abord.', editorHeld: 'La flèche {0} est tenue par les {1} : une flèche n\'est qu\'à un camp.',
    diceOf: 'Dés des {0} : {1}', boardAria: 'Tablier, tel que vous le voyez. {0}', sideOnBoard: '{0} : {1}', onPoint: '{0} sur la flèche {1}', postilionOn: 'le postillon sur la flèche {0}',
    borneOffN: '{0} sortie(s)', noChecker: 'aucune sur le tablier', diagramOf: '{0}. {1}',
    depth: { 0: 'd\'un coup d\'œil', 1: 'un jet à l\'avance', 2: 'deux jets à l\'avance', n: '{0} jets à l\'avance' },
    autoRoll: 'Jeter mes dés pour moi', autoForced: 'Jouer mes coups forcés pour moi',
    practiceGame: 'Partie d\'entraînement : tuteur actif, non classée', practiceKeep: 'Garder mon coup',
    firstThrow: 'Votre première partie : jetez vous-même les dés. Ensuite, la page les jette pour vous (Réglages).',
    tutorAsks: 'Le tuteur vous demande avant votre coup\u00a0: le jouer, ou le reprendre\u00a0?', tutorAsksPractice: 'Le tuteur vous demande\u00a0: garder votre coup, ou le reprendre\u00a0? L\'ordinateur attend votre réponse.',
    tutorPractice: 'En partie d\'entraînement, le tuteur est toujours actif : il parle à ce niveau.',
    practiceWarn: 'Le tuteur : votre coup {2} a perdu {0} par rapport au meilleur coup, {1} (ses flèches en or). Le reprendre et rejouer ?',
    step: 'pas', codeUnknown: '{0}',
  },
};

// Every code the server sends (docs/PROTOCOL.md), what a refused field should have been
// (bad-field's expectedCode) and the limits too-many names are worded from CODES_TABLE, defined
// by codes.js (loaded before this file): the server's own table, web/codes.json, which it also
// words its messages from, so each sentence has one source.

/** The params that name route points: converted to the reader's frame when the mover is not the reader. */
const POINT_PARAMS = ['from', 'to', 'entry', 'postilion', 'rearmost', 'first', 'last', 'points', 'play'];
/**
 * The refusals whose wording itself names route points ("the last quadrant (19–24)", "points
 * 1–6", the examples "1/7 7/12"): named like their values, so that one message never names a
 * point two ways (the terminal's PointNaming#points does the same).
 */
const POINT_WORDING = ['bear-off-not-all-home', 'block-first-quadrant-needs-return', 'block-first-quadrant-forbidden', 'syntax'];

function lang() {
  const saved = localStorage.getItem('jacquet.lang');
  if (saved === 'fr' || saved === 'en') return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function setLang(l) {
  localStorage.setItem('jacquet.lang', l);
  document.documentElement.lang = l;
}

/**
 * A number as the reader writes it: −0.164 in English, −0,164 in French (a decimal comma), with
 * a true minus sign, and a plus when {@code signed} (equities: +0.370).
 */
function decimal(x, digits, signed) {
  const text = Math.abs(x).toFixed(digits);
  const sign = x < 0 && Number(text) !== 0 ? '\u2212' : signed ? '+' : '';
  return sign + (lang() === 'fr' ? text.replace('.', ',') : text);
}

/** A chance as the reader writes it: 77.3% or 77,3 % (French puts a no-break space before %); {@code digits} after the point. */
function percent(p, digits = 1) {
  const v = decimal(100 * p, digits);
  return lang() === 'fr' ? v + '\u00a0%' : v + '%';
}

/** A semicolon as the reader writes it: French puts a no-break space before it. */
function semicolon() {
  return lang() === 'fr' ? '\u00a0; ' : '; ';
}

function t(key, ...args) {
  const parts = key.split('.');
  let v = TEXTS[lang()];
  for (const p of parts) v = v == null ? undefined : v[p];
  if (v === undefined) v = key;
  return String(v).replace(/\{(\d)\}/g, (_, i) => args[i] !== undefined ? args[i] : '');
}

/**
 * A count's words in the reader's language: {@code key} holds a form per plural category
 * ({one, other}), chosen by the language's own rule (Intl.PluralRules: French says "0 point",
 * "1 point", "2 points"; English "0 points"); {0} is the count, the rest of {@code args} follow.
 */
function plural(key, n, ...args) {
  const own = key + '.' + new Intl.PluralRules(lang()).select(Number(n));
  return t(t(own) !== own ? own : key + '.other', n, ...args);
}

/**
 * A server message ({code, params, message}) in the reader's language. {@code mover}: the side
 * whose route points the message names (a refused step, a lost throw), named as the game screen
 * names points (namePlay: the board letters, or that side's numbers when Settings say so).
 */
function problemText(msg, mover) {
  const words = CODES_TABLE[lang()];
  // A code may be worded apart for one "what" (too-slow of the headers: no byte rate to tell).
  let template = words.codes[msg.code + '.' + (msg.params || {}).what] || words.codes[msg.code];
  if (!template) return lang() === 'fr' ? 'Refusé (' + msg.code + ').' : (msg.message || msg.code);
  if (mover && POINT_WORDING.includes(msg.code)) template = namePlay(template, mover);
  const params = Object.assign({}, msg.params || {});
  if (params.detail !== undefined) params.detail = detailText(params, msg.code);
  if (params.expected !== undefined) params.expected = expectedText(params);
  if (Array.isArray(params.known)) params.known = params.known.join(', ');
  for (const k of POINT_PARAMS) {
    if (params[k] === undefined) continue;
    let v = String(params[k]);
    if (mover) v = namePlay(v, mover);
    if (k === 'points' && lang() === 'fr') v = v.replace(' and ', ' et ');
    if (v === 'off' || v === '25') v = t('offWord');
    params[k] = v;
  }
  if (params.limit !== undefined) params.limit = words.limits[params.limit] || params.limit;
  return template.replace(/\{(\w+)\}/g, (_, k) => params[k] !== undefined ? params[k] : '');
}

/**
 * Labels a typed-play box with its example play ({@code key}'s {0}) written in the naming the
 * server will read it in (pointNaming, sent with the play): 1/7 7/12 of {@code mover}, in
 * letters or numbers; {@code label} gets the words too when the box has a visible label.
 */
function typedPlayHelp(input, key, mover, label) {
  const text = t(key, namePlay('1/7 7/12', mover));
  input.placeholder = text;
  input.setAttribute('aria-label', text);
  if (label) label.textContent = text;
}

/**
 * What a refused field should have been, in the reader's language, from its code and values;
 * without a code, the server's English on an English page, and on a French page nothing rather
 * than English.
 */
function expectedText(params) {
  const template = params.expectedCode ? CODES_TABLE[lang()].expected[params.expectedCode] : null;
  if (!template) return lang() === 'en' ? String(params.expected) : '…';
  const values = params.expectedParams || [];
  return template.replace(/\{(\d)\}/g, (_, i) => (values[i] !== undefined ? String(values[i]) : ''));
}

/** The formats whose first value is a side (sent as white/black, worded in the reader's language). */
const SIDE_FIRST = ['position-pair-syntax', 'position-point-not-number', 'position-count-not-number', 'position-point-range',
  'position-count-range', 'position-point-twice', 'position-too-many-checkers', 'record-choice-side', 'record-wrong-side'];

/**
 * Why a text cannot be read, or why the game cannot take an action now ({@code not-now}: the
 * engine's game-state code, under state.* in formats.js), in the reader's language: from the
 * engine's code and values (formats.js) when the server sends them; else its English detail on
 * an English page, and on a French page nothing rather than English.
 */
function detailText(params, code) {
  const forms = typeof FORMATS !== 'undefined' ? FORMATS[lang()] : null;
  const key = params.detailCode ? (code === 'not-now' ? 'state.' + params.detailCode : params.detailCode) : null;
  const template = forms && key ? forms[key] : null;
  if (!template) return lang() === 'en' ? String(params.detail) : '…';
  const values = (params.detailParams || []).map((v, i) => (i === 0 && SIDE_FIRST.includes(params.detailCode) && (v === 'white' || v === 'black')
    ? forms['side.' + v] : forms['phase.' + v] !== undefined ? forms['phase.' + v] : String(v)));
  return template.replace(/\{(\d)\}/g, (_, i) => (values[i] !== undefined ? values[i] : ''));
}

/**
 * Why a checker may not move, for each die left: "6: point 12 is held …; 3: the postilion …";
 * one reason when every die meets the same one (a board's refusal, in a game or a puzzle).
 */
function whyNot(why, mover) {
  const each = (why.byDie && why.byDie.length ? why.byDie : [why]).slice().reverse(); // the higher die first
  const texts = each.map(r => problemText(r, mover).replace(/\.$/, ''));
  if (new Set(texts).size === 1) return texts[0];
  return each.map((r, i) => t('cannotMoveDie', r.die, texts[i])).join(lang() === 'fr' ? ' ; ' : '; ');
}

function sideName(side) { return t(side); }

/** Dice announced the traditional way: higher first, an ace, doubles by name. */
function diceName(text, transferred) {
  if (transferred || String(text).startsWith('+')) return t('dice.passed', String(text).replace('+', '').split('-').map(dieName).join(', '));
  const [a, b] = String(text).split('-').map(Number);
  if (a === b) return t('dice.d' + a);
  return t('dice.pair', dieName(a), dieName(b));
}

function dieName(v) { return Number(v) === 1 ? t('dice.ace') : String(v); }

/** Rules text ("modern+return-checkers=2") in words. */
function rulesName(text) {
  const [preset, ...opts] = String(text || '').split('+');
  const name = TEXTS[lang()].presets[preset] ? t('presets.' + preset).replace(/ \((default|par défaut)\)/, '') : preset;
  return opts.length ? name + ' + ' + opts.join(', ') : name;
}

function translatePage() {
  document.querySelectorAll('[data-t]').forEach(el => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll('[data-t-placeholder]').forEach(el => { el.placeholder = t(el.dataset.tPlaceholder); });
  document.querySelectorAll('[data-t-label]').forEach(el => { el.setAttribute('aria-label', t(el.dataset.tLabel)); });
  document.documentElement.lang = lang();
  // A header control's short name (data-t-short: the language's two letters, "Rules"), shown on a
  // phone in place of the whole name (app.css), which stays what is read out: the title then fits.
  document.querySelectorAll('[data-t-short]').forEach(el => { el.dataset.short = t(el.dataset.tShort); });
}

/** Light or dark as chosen ("auto" follows the system). */
function applyTheme() {
  const chosen = localStorage.getItem('jacquet.theme') || 'auto';
  const dark = chosen === 'dark' || (chosen === 'auto' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
applyTheme();

/** The header's theme button: as the system, light, dark, in turn. */
function themeButton() {
  const b = document.getElementById('themeToggle');
  if (!b) return;
  const show = () => {
    const v = localStorage.getItem('jacquet.theme') || 'auto';
    b.textContent = { auto: '◐', light: '☀', dark: '☾' }[v];
    b.title = t('theme') + (lang() === 'fr' ? ' : ' : ': ') + t('themes.' + v);
    b.setAttribute('aria-label', b.title);
  };
  b.addEventListener('click', () => {
    const order = ['auto', 'light', 'dark'];
    const v = localStorage.getItem('jacquet.theme') || 'auto';
    localStorage.setItem('jacquet.theme', order[(order.indexOf(v) + 1) % 3]);
    applyTheme();
    show();
    const sel = document.getElementById('theme');
    if (sel) sel.value = localStorage.getItem('jacquet.theme');
  });
  show();
}
document.addEventListener('DOMContentLoaded', themeButton);
if (window.matchMedia) window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
