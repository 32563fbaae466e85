// The accounts' words in French and English (added to i18n.js's TEXTS, kept apart so the pages
// of accounts read as one piece), the JSON calls they share, and the header's "signed in as".
Object.assign(TEXTS.en, {
  account: 'Account', signIn: 'Sign in', signUp: 'Create an account', signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere', signedInAs: 'Signed in as {0}', accountName: 'Name', password: 'Password',
  email: 'E-mail (optional)', newPassword: 'New password', oldPassword: 'Current password', changePassword: 'Change password',
  deleteAccount: 'Delete the account', deleteHelp: 'Your games stay, shown as played by a deleted player. This cannot be undone.',
  renameAccount: 'Change name', newName: 'New name', renamed: 'You are now {0}.',
  renameHelp: 'Once every 30 days. Your rating, history and profile follow you; finished games keep the name they were played under, and your former name stays yours for a year (nobody else can take it).',
  passwordHelp: '8 to 128 characters.', signUpHelp: 'Your games of this browser move to the account. Guests play without one.',
  passwordChanged: 'Password changed; your other sessions are signed out.', profile: 'Profile', history: 'Games',
  leaderboard: 'Leaderboard', memberSince: 'Member since {0}', playedWon: '{0} games played, {1} won',
  categories: { timed: 'Timed', untimed: 'Untimed', correspondence: 'Correspondence' }, computerMark: '(the computer)', provisional: 'provisional (?): too few recent rated games to be sure',
  puzzleRating: 'Puzzles', noRatedPuzzles: 'No rated puzzle yet', puzzlesSolved: 'solved: {0} of {1}',
  noRatedGames: 'No rated game yet', currentGames: 'Playing now', watch: 'Watch', noFinishedGames: 'No finished game yet.',
  moreGames: 'Older games', reviewLink: 'Review', exportGames: 'Download all games (records)', opponentCol: 'Opponent',
  dateCol: 'Date', rulesCol: 'Rules', resultCol: 'Result', ratingCol: 'Rating', resultWon: 'Won', resultLost: 'Lost',
  deletedPlayer: 'deleted player', unrated: 'not rated', rankCol: '#', playerCol: 'Player', gamesCol: 'Games',
  myRank: 'Your rank: {0}', notRanked: 'You are not on the board yet: it lists ratings with a deviation of at most {0}.',
  emptyBoard: 'Nobody has an established rating yet.', matchOf: '{0} pt', you: 'you',
  mailTitle: 'E-mail', mailOff: 'E-mail is off on this server: the host has configured no mail server. Your notifications are in the bell at the top of every page.',
  mailHelp: 'Mails go only to an address you confirmed, and only for what you tick below; each mail has a link to stop it. At most one mail a game a day.',
  mailAddress: 'Address', mailSave: 'Save and send the confirmation link', mailKinds: 'Mail me when',
  mailKind: { 'your-turn': 'it is my turn in a correspondence game', challenge: 'someone challenges me', ended: 'a game of mine ends' },
  mailNone: 'No address: nothing is mailed.', mailConfirmed: 'Confirmed: {0}.',
  mailUnconfirmed: 'Not confirmed yet: follow the link mailed to {0} (it works for 48 hours).', mailSent: 'Link sent to {0}.',
  mailSaved: 'Saved.', mailRemoved: 'Address removed.',
  graphLabel: 'Rating after each rated match ({0}), from {1} to {2}; latest: {3}', poolsLabel: 'Rating pools',
});
Object.assign(TEXTS.fr, {
  account: 'Compte', signIn: 'Se connecter', signUp: 'Créer un compte', signOut: 'Se déconnecter',
  signOutEverywhere: 'Se déconnecter partout', signedInAs: 'Connecté : {0}', accountName: 'Nom', password: 'Mot de passe',
  email: 'E-mail (facultatif)', newPassword: 'Nouveau mot de passe', oldPassword: 'Mot de passe actuel',
  changePassword: 'Changer le mot de passe', deleteAccount: 'Supprimer le compte',
  deleteHelp: 'Vos parties restent, affichées comme jouées par un joueur supprimé. C\u2019est définitif.',
  renameAccount: 'Changer de nom', newName: 'Nouveau nom', renamed: 'Vous vous appelez désormais {0}.',
  renameHelp: 'Une fois tous les 30 jours. Votre classement, vos parties et votre profil vous suivent ; les parties terminées gardent le nom sous lequel elles ont été jouées, et votre ancien nom reste à vous pendant un an (personne d\u2019autre ne peut le prendre).',
  passwordHelp: 'De 8 à 128 caractères.', signUpHelp: 'Vos parties de ce navigateur passent au compte. Les invités jouent sans compte.',
  passwordChanged: 'Mot de passe changé ; vos autres sessions sont déconnectées.', profile: 'Profil', history: 'Parties',
  leaderboard: 'Classement', memberSince: 'Membre depuis le {0}', playedWon: '{0} parties jouées, {1} gagnées',
  categories: { timed: 'À la pendule', untimed: 'Sans pendule', correspondence: 'Par correspondance' }, computerMark: '(l\'ordinateur)', provisional: 'provisoire (?) : trop peu de parties classées récentes pour en être sûr',
  puzzleRating: 'Problèmes', noRatedPuzzles: 'Pas encore de problème classé', puzzlesSolved: 'résolus : {0} sur {1}',
  noRatedGames: 'Pas encore de partie classée', currentGames: 'En train de jouer', watch: 'Regarder', noFinishedGames: 'Pas encore de partie terminée.',
  moreGames: 'Parties plus anciennes', reviewLink: 'Analyse', exportGames: 'Télécharger toutes les parties (relevés)',
  opponentCol: 'Adversaire', dateCol: 'Date', rulesCol: 'Règles', resultCol: 'Résultat', ratingCol: 'Classement',
  resultWon: 'Gagnée', resultLost: 'Perdue', deletedPlayer: 'joueur supprimé', unrated: 'non classée', rankCol: 'n°', playerCol: 'Joueur',
  gamesCol: 'Parties', myRank: 'Votre rang : {0}',
  notRanked: 'Vous n\u2019êtes pas encore au classement : il retient les classements d\u2019écart-type au plus {0}.',
  emptyBoard: 'Personne n\u2019a encore de classement établi.', matchOf: '{0} pt', you: 'vous',
  mailTitle: 'E-mail', mailOff: 'L\u2019e-mail est désactivé sur ce serveur : l\u2019hébergeur n\u2019a configuré aucun serveur de messagerie. Vos notifications sont sous la cloche en haut de chaque page.',
  mailHelp: 'Les messages ne partent que vers une adresse que vous avez confirmée, et seulement pour ce que vous cochez ci-dessous ; chacun contient un lien pour les arrêter. Au plus un message par partie et par jour.',
  mailAddress: 'Adresse', mailSave: 'Enregistrer et envoyer le lien de confirmation', mailKinds: 'M\u2019écrire quand',
  mailKind: { 'your-turn': 'c\u2019est à moi de jouer dans une partie par correspondance', challenge: 'quelqu\u2019un me défie', ended: 'une de mes parties se termine' },
  mailNone: 'Pas d\u2019adresse : rien n\u2019est envoyé.', mailConfirmed: 'Confirmée : {0}.',
  mailUnconfirmed: 'Pas encore confirmée : suivez le lien envoyé à {0} (valable 48 heures).', mailSent: 'Lien envoyé à {0}.',
  mailSaved: 'Enregistré.', mailRemoved: 'Adresse retirée.',
  graphLabel: 'Classement après chaque partie classée ({0}), du {1} au {2} ; dernier : {3}', poolsLabel: 'Catégories de classement',
});

/** A JSON call; a refusal is thrown as an Error whose message is its text in the reader's language. */
async function accountCall(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) { init.headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  if (res.status === 204) return {};
  const data = await res.json();
  if (!res.ok) { const e = new Error(problemText(data)); e.code = data.code; throw e; }
  return data;
}

/** A date as the reader writes it. */
function accountDate(ms) {
  return new Date(ms).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A rating as shown, as lichess does: rounded, "?" while provisional, then its deviation ("1338 ± 290"). */
function ratingText(r) {
  return r.rating + (r.provisional ? '?' : '') + (r.deviation === undefined ? '' : '\u00a0±\u00a0' + r.deviation);
}

/** The header's link: "Signed in as Ann" to the profile, or "Sign in". */
async function accountHeader() {
  const right = document.querySelector('header .right');
  if (!right) return;
  let a = document.getElementById('accountLink');
  if (!a) {
    a = document.createElement('a');
    a.id = 'accountLink';
    right.insertBefore(a, right.firstChild);
  }
  try {
    const me = await accountCall('GET', '/api/account/me');
    a.textContent = me.signedIn ? me.name : t('signIn');
    a.title = me.signedIn ? t('signedInAs', me.name) : '';
    a.href = 'account.html';
    a.dataset.signedIn = me.signedIn ? 'yes' : 'no';
  } catch (e) {
    a.remove();
  }
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', accountHeader); else accountHeader();
