// The tournaments' words in French and English (added to i18n.js's TEXTS, kept apart so the
// arena's pages read as one piece): the home page's list and the tournament page.
Object.assign(TEXTS.en, {
  arenas: 'Tournaments', arenasNone: 'No tournament is scheduled.', arenaCreateLink: 'Create a tournament',
  arenaTitle: 'Tournament', arenaBy: 'by {0}', arenaStarts: 'Starts {0}', arenaRunsUntil: 'Running until {0}', arenaEnded: 'Ended {0}',
  arenaStatus: { scheduled: 'Scheduled', running: 'Running', finished: 'Finished' },
  arenaJoin: 'Join', arenaLeave: 'Leave', arenaJoined: 'You have joined: stay on this page, you will be sent to each game as soon as an opponent is free.',
  arenaSignIn: 'Sign in to join: tournaments are between signed-in players.', arenaStandings: 'Standings', arenaGames: 'Games',
  arenaNoPlayers: 'Nobody has joined yet.', arenaNoGames: 'No game yet.', arenaPoints: 'Points', arenaWins: 'Won', arenaPlayed: 'Played',
  arenaFire: 'on a streak: wins score double', arenaPlaying: 'playing', arenaWatch: 'Watch', arenaReview: 'Review', arenaYourGame: 'Your game is on: go to the board',
  arenaLeft: 'left',
  arenaScoring: 'A match won scores 2 points; from the third win in a row, 4, until a loss. Ties: more wins, then fewer games. Games still playing at the end count.',
  arenaCreate: 'Create a tournament', arenaName: 'Name', arenaStart: 'Start', arenaMinutes: 'Duration (minutes)', arenaPrivate: 'Private: reached by its link only', arenaStartHelp: 'Empty: now.',
  arenaCreateButton: 'Create', arenaBack: 'Tournament', arenaBackTitle: 'Back to the tournament: your next pairing comes there', arenaLink: 'Its link: {0}', arenaUpdated: 'Updated live.',
});
Object.assign(TEXTS.fr, {
  arenas: 'Tournois', arenasNone: 'Aucun tournoi n\'est prévu.', arenaCreateLink: 'Créer un tournoi',
  arenaTitle: 'Tournoi', arenaBy: 'par {0}', arenaStarts: 'Commence le {0}', arenaRunsUntil: 'En cours jusqu\'à {0}', arenaEnded: 'Terminé le {0}',
  arenaStatus: { scheduled: 'Prévu', running: 'En cours', finished: 'Terminé' },
  arenaJoin: 'Rejoindre', arenaLeave: 'Quitter', arenaJoined: 'Vous avez rejoint le tournoi : restez sur cette page, vous serez envoyé à chaque partie dès qu\'un adversaire est libre.',
  arenaSignIn: 'Connectez-vous pour rejoindre : les tournois se jouent entre joueurs connectés.', arenaStandings: 'Classement', arenaGames: 'Parties',
  arenaNoPlayers: 'Personne n\'a encore rejoint.', arenaNoGames: 'Aucune partie pour l\'instant.', arenaPoints: 'Points', arenaWins: 'Gagnées', arenaPlayed: 'Jouées',
  arenaFire: 'en série : les victoires comptent double', arenaPlaying: 'en cours', arenaWatch: 'Regarder', arenaReview: 'Revoir', arenaYourGame: 'Votre partie commence : au tablier',
  arenaLeft: 'parti',
  arenaScoring: 'Un match gagné rapporte 2 points ; dès la troisième victoire d\'affilée, 4, jusqu\'à une défaite. Égalités : plus de victoires, puis moins de parties. Les parties en cours à la fin comptent.',
  arenaCreate: 'Créer un tournoi', arenaName: 'Nom', arenaStart: 'Début', arenaMinutes: 'Durée (minutes)', arenaPrivate: 'Privé : accessible par son lien seulement', arenaStartHelp: 'Vide : maintenant.',
  arenaCreateButton: 'Créer', arenaBack: 'Tournoi', arenaBackTitle: 'Retour au tournoi : votre prochain appariement s\'y fait', arenaLink: 'Son lien : {0}', arenaUpdated: 'Mis à jour en direct.',
});

/** "12+60" as a player reads it (the lobby's words). */
function arenaTimeText(time) {
  const [d, r] = String(time).split('+').map(Number);
  if (!(r > 0)) return t('untimed');
  const reserve = r % 60 === 0 ? t('minutes', r / 60) : t('seconds', r);
  return t('timeText', d, reserve);
}

/** A moment as the reader's language writes it (day, month, hour and minute). */
function arenaWhen(ms) {
  return new Date(ms).toLocaleString(lang(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/**
 * To the board of a game arena {@code arenaId} paired: its seat is the arena's token (game.js reads
 * it from jacquet.games), and the game page links back to the arena (arena-return.js).
 */
function arenaGo(arenaId, gameId, token) {
  let games = [];
  try { games = JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { games = []; }
  games = games.filter(g => g.id !== gameId);
  games.unshift({ id: gameId, token, invite: null });
  localStorage.setItem('jacquet.games', JSON.stringify(games.slice(0, 200)));
  sessionStorage.setItem('jacquet.arenaOf.' + gameId, arenaId);
  location.href = `game.html#g=${encodeURIComponent(gameId)}`;
}

/** The seat token an arena gave this browser on joining, or null. */
function arenaToken(arenaId) { return localStorage.getItem('jacquet.arena.' + arenaId); }
