// A player's profile (player.html#Name): ratings per category with their graph, games played and
// won, games being played, and the finished games newest first, a page at a time, each with a
// link to its review (the game page of a finished game is its public, read-only review).
const $ = id => document.getElementById(id);
// The hash names the player and, after a slash, the pool shown (player.html#Ann/timed): the name
// is encoded, so a slash in it never splits it.
const [hashName, hashPool] = location.hash.slice(1).split('/');
const playerName = decodeURIComponent(hashName || '');
const api = '/api/players/' + encodeURIComponent(playerName);
const POOLS = ['untimed', 'timed', 'correspondence'];
let pool = POOLS.includes(hashPool) ? hashPool : 'untimed';
let profile = null;
let next = null;

const SVG = 'http://www.w3.org/2000/svg';
function svgEl(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const DAY = 86400000;

/** A date as an axis label: day and month, and the year when the graph spans more than one. */
function axisDate(ms, withYear) {
  const o = withYear ? { year: 'numeric', month: 'short' } : { month: 'short', day: 'numeric' };
  return new Date(ms).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', o);
}

/** Round rating values for the y axis's gridlines: about four, a step of 10, 20, 25, 50, 100… */
function ratingTicks(lo, hi) {
  const steps = [10, 20, 25, 50, 100, 200, 250, 500];
  const step = steps.find(st => (hi - lo) / st <= 5) || 1000;
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(v);
  return ticks;
}

/**
 * The rating after each rated match, drawn by hand in SVG (no chart library): a point per match,
 * evenly spaced in their order (two matches played minutes apart stay apart, a burst of matches
 * does not squeeze into a corner), joined by a line; the x axis labelled with the dates of the
 * matches under it, the y axis with rating values and gridlines; each point's date and rating as
 * its title (shown on hover, read on focus). A lone point sits in the middle; ratings that barely
 * moved get a span of ±50 around them.
 */
function graph(points, width) {
  const W = Math.max(280, Math.min(640, width || 420)), H = 200;
  const left = 46, right = 14, top = 10, bottom = 26;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'rating-graph', role: 'img' });
  const rs = points.map(p => p[1]);
  let lo = Math.min(...rs), hi = Math.max(...rs);
  if (hi - lo < 100) { const mid = (lo + hi) / 2; lo = mid - 50; hi = mid + 50; }
  const pad = (hi - lo) * 0.08;
  lo -= pad; hi += pad;
  const n = points.length;
  const inner = W - left - right;
  const x = i => left + inner * (i + 0.5) / n;
  const y = r => top + (hi - r) * (H - top - bottom) / (hi - lo);
  for (const v of ratingTicks(lo, hi)) {
    svg.appendChild(svgEl('line', { class: 'grid', x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    svg.appendChild(svgEl('text', { class: 'y-label', x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  // Dates under three (or, wide, five) matches spread along the axis: the first, the last, between;
  // a day already labelled is not labelled again.
  const withYear = points[n - 1][0] - points[0][0] > 300 * DAY;
  const k = Math.min(n, inner >= 550 ? 5 : 3);
  const seen = new Set();
  for (let j = 0; j < k; j++) {
    const i = k === 1 ? 0 : Math.round(j * (n - 1) / (k - 1));
    const label = axisDate(points[i][0], withYear);
    if (seen.has(label)) continue;
    seen.add(label);
    const anchor = n > 2 && i === 0 ? 'start' : n > 2 && i === n - 1 ? 'end' : 'middle';
    const lx = anchor === 'start' ? Math.max(left, x(i) - 12) : anchor === 'end' ? Math.min(W - right, x(i) + 12) : x(i);
    svg.appendChild(svgEl('line', { class: 'tick', x1: x(i), x2: x(i), y1: H - bottom, y2: H - bottom + 4 }));
    svg.appendChild(svgEl('text', { class: 'x-label', x: lx, y: H - 8, 'text-anchor': anchor }, label));
  }
  svg.appendChild(svgEl('line', { class: 'axis', x1: left, x2: left, y1: top, y2: H - bottom }));
  svg.appendChild(svgEl('line', { class: 'axis', x1: left, x2: W - right, y1: H - bottom, y2: H - bottom }));
  if (n > 1) svg.appendChild(svgEl('polyline', { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ') }));
  const many = n > 60; // hundreds of matches: small dots, the line carries the shape
  points.forEach(([at, r], i) => {
    const dot = svgEl('circle', { class: 'point', cx: x(i).toFixed(1), cy: y(r).toFixed(1), r: many ? 2 : 4, tabindex: 0 });
    dot.appendChild(svgEl('title', {}, accountDate(at) + ' · ' + r));
    svg.appendChild(dot);
  });
  svg.setAttribute('aria-label', t('graphLabel', n, accountDate(points[0][0]), accountDate(points[n - 1][0]), points[n - 1][1]));
  return svg;
}

/** The tabs of the pools; the chosen one is kept in the address (player.html#Ann/timed). */
function poolTabs() {
  const tabs = document.createElement('div');
  tabs.className = 'pool-tabs';
  tabs.setAttribute('role', 'tablist');
  tabs.setAttribute('aria-label', t('poolsLabel'));
  for (const c of POOLS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'pool-' + c;
    b.setAttribute('role', 'tab');
    b.setAttribute('aria-selected', String(c === pool));
    b.className = c === pool ? 'primary' : '';
    b.textContent = t('categories.' + c);
    b.onclick = () => {
      pool = c;
      history.replaceState(null, '', '#' + encodeURIComponent(playerName) + '/' + c);
      showRatings();
    };
    tabs.appendChild(b);
  }
  return tabs;
}

/** The chosen pool's rating ("1338 ± 290", "?" while provisional), rank and graph, then the puzzles'. */
function showRatings() {
  const box = $('ratings');
  box.textContent = '';
  box.appendChild(poolTabs());
  const r = profile.ratings.find(x => x.category === pool);
  const div = document.createElement('div');
  div.className = 'rating';
  div.dataset.category = r.category;
  div.setAttribute('role', 'tabpanel');
  const h = document.createElement('h3');
  h.textContent = t('categories.' + r.category) + (lang() === 'fr' ? '\u00a0: ' : ': ');
  const v = document.createElement('strong');
  v.className = 'rating-value';
  v.textContent = r.games ? ratingText(r) : t('noRatedGames');
  if (r.games && r.provisional) v.title = t('provisional');
  h.appendChild(v);
  if (r.rank) h.append(' · ' + t('myRank', r.rank));
  div.appendChild(h);
  box.appendChild(div);
  if (r.graph.length) div.appendChild(graph(r.graph, div.clientWidth));
  box.appendChild(puzzleRating(profile.puzzles));
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
    profile = p;
    showRatings();
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
