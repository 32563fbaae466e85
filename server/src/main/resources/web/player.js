// A player's profile (player.html#Name): ratings per category with their graph, games played and
// won, games being played, and the finished games newest first, a page at a time, each with a
// link to its review (the game page of a finished game is its public, read-only review).
const $ = id => document.getElementById(id);
const playerName = decodeURIComponent(location.hash.slice(1));
const api = '/api/players/' + encodeURIComponent(playerName);
let next = null;

/** A small line graph of the ratings over time (SVG; nothing when fewer than two points). */
function graph(points) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 300 80');
  svg.setAttribute('class', 'rating-graph');
  svg.setAttribute('role', 'img');
  if (points.length < 2) { svg.hidden = true; return svg; }
  const rs = points.map(p => p[1]);
  const lo = Math.min(...rs) - 10, hi = Math.max(...rs) + 10;
  const line = document.createElementNS(ns, 'polyline');
  line.setAttribute('points', points.map((p, i) => `${(i * 300 / (points.length - 1)).toFixed(1)},${(75 - (p[1] - lo) * 70 / (hi - lo)).toFixed(1)}`).join(' '));
  svg.appendChild(line);
  svg.setAttribute('aria-label', rs.join(', '));
  return svg;
}

/** The puzzle rating's line: its value and the puzzles answered and solved, or none yet. */
function puzzleRating(r) {
  const div = document.createElement('div');
  div.className = 'rating';
  div.dataset.category = 'puzzles';
  const h = document.createElement('h3');
  h.textContent = t('puzzleRating') + (lang() === 'fr' ? '\u00a0: ' : ': ');
  const v = document.createElement('strong');
  v.className = 'rating-value';
  v.textContent = r.attempts ? ratingText(r) : t('noRatedPuzzles');
  if (r.provisional) v.title = t('provisional');
  h.appendChild(v);
  if (r.attempts) h.append(' · ' + t('puzzlesSolved', r.solved, r.attempts));
  div.appendChild(h);
  return div;
}

async function showProfile() {
  try {
    const p = await accountCall('GET', api);
    $('playerName').textContent = p.name;
    document.title = 'Jacquet — ' + p.name;
    $('since').textContent = t('memberSince', accountDate(p.since));
    $('playedWon').textContent = t('playedWon', p.played, p.won);
    const box = $('ratings');
    box.textContent = '';
    for (const r of p.ratings) {
      const div = document.createElement('div');
      div.className = 'rating';
      div.dataset.category = r.category;
      const h = document.createElement('h3');
      h.textContent = t('categories.' + r.category) + (lang() === 'fr' ? '\u00a0: ' : ': ');
      const v = document.createElement('strong');
      v.className = 'rating-value';
      v.textContent = r.games ? ratingText(r) : t('noRatedGames');
      if (r.provisional) v.title = t('provisional');
      h.appendChild(v);
      if (r.rank) h.append(' · ' + t('myRank', r.rank));
      div.appendChild(h);
      div.appendChild(graph(r.graph));
      box.appendChild(div);
    }
    box.appendChild(puzzleRating(p.puzzles));
    $('current').textContent = '';
    $('currentCard').hidden = p.current.length === 0;
    for (const g of p.current) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = 'game.html#g=' + encodeURIComponent(g.id);
      a.textContent = (g.white || '?') + ' – ' + (g.black || '?') + ' · ' + t('watch');
      li.appendChild(a);
      $('current').appendChild(li);
    }
    $('export').href = api + '/export';
  } catch (e) {
    $('profileError').textContent = e.message;
  }
}

function cell(tr, text) {
  const td = document.createElement('td');
  td.textContent = text;
  tr.appendChild(td);
  return td;
}

async function showGames(more) {
  const page = await accountCall('GET', api + '/games' + (more && next ? '?before=' + encodeURIComponent(next) : ''));
  if (!more) $('games').textContent = '';
  for (const g of page.games) {
    const tr = document.createElement('tr');
    tr.dataset.game = g.id;
    cell(tr, accountDate(g.ended));
    // The name the game was played under; an account's seat links to its profile (named as today).
    const who = cell(tr, g.opponentAccount ? '' : g.opponent || (g.opponentDeleted ? t('deletedPlayer') : '—'));
    if (g.opponentAccount) {
      const link = document.createElement('a');
      link.href = 'player.html#' + encodeURIComponent(g.opponentAccount);
      link.textContent = g.opponent || g.opponentAccount;
      who.appendChild(link);
    }
    cell(tr, rulesName(g.rules) + ' · ' + t('matchOf', g.match));
    cell(tr, t(g.won ? 'resultWon' : 'resultLost'));
    const change = g.ratingChange === undefined ? t('unrated') : g.rating + ' (' + (g.ratingChange >= 0 ? '+' : '\u2212') + Math.abs(g.ratingChange) + ')';
    cell(tr, change).className = 'rating-change';
    const a = document.createElement('a');
    a.href = 'game.html#g=' + encodeURIComponent(g.id);
    a.textContent = t('reviewLink');
    cell(tr, '').appendChild(a);
    $('games').appendChild(tr);
  }
  next = page.next || null;
  $('more').hidden = !next;
  $('noFinishedGames').hidden = $('games').children.length > 0;
}

$('more').onclick = () => showGames(true);
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); showProfile(); showGames(false); accountHeader(); };
translatePage();
themeButton();
showProfile();
showGames(false);
