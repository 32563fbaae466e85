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
 * The rating over time, drawn by hand in SVG (no chart library): the x axis dated, the y axis
 * with its values and gridlines, a point per rated match (its date and rating as its title,
 * shown on hover and read on focus), joined by a line. One point sits in the middle of a
 * three-day span; ratings that never moved get a span of ±50 around them.
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
  let t0 = points[0][0], t1 = points[points.length - 1][0];
  if (t1 - t0 < 2 * DAY) { const mid = (t0 + t1) / 2; t0 = mid - 1.5 * DAY; t1 = mid + 1.5 * DAY; }
  const x = at => left + (at - t0) * (W - left - right) / (t1 - t0);
  const y = r => top + (hi - r) * (H - top - bottom) / (hi - lo);
  for (const v of ratingTicks(lo, hi)) {
    svg.appendChild(svgEl('line', { class: 'grid', x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    svg.appendChild(svgEl('text', { class: 'y-label', x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  // Dates: at most one label per day, about one per 110 px.
  const withYear = t1 - t0 > 300 * DAY;
  const n = Math.max(2, Math.min(5, Math.floor((W - left - right) / 110)));
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const at = t0 + (t1 - t0) * (i + 0.5) / n;
    const label = axisDate(at, withYear);
    if (seen.has(label)) continue;
    seen.add(label);
    svg.appendChild(svgEl('line', { class: 'tick', x1: x(at), x2: x(at), y1: H - bottom, y2: H - bottom + 4 }));
    svg.appendChild(svgEl('text', { class: 'x-label', x: x(at), y: H - 8, 'text-anchor': 'middle' }, label));
  }
  svg.appendChild(svgEl('line', { class: 'axis', x1: left, x2: left, y1: top, y2: H - bottom }));
  svg.appendChild(svgEl('line', { class: 'axis', x1: left, x2: W - right, y1: H - bottom, y2: H - bottom }));
  if (points.length > 1) {
    svg.appendChild(svgEl('polyline', { points: points.map(p => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ') }));
  }
  const many = points.length > 60; // hundreds of matches: small dots, the line carries the shape
  for (const [at, r] of points) {
    const dot = svgEl('circle', { class: 'point', cx: x(at).toFixed(1), cy: y(r).toFixed(1), r: many ? 2 : 4, tabindex: 0 });
    dot.appendChild(svgEl('title', {}, accountDate(at) + ' · ' + r));
    svg.appendChild(dot);
  }
  const last = points[points.length - 1];
  svg.setAttribute('aria-label', t('graphLabel', points.length, accountDate(points[0][0]), accountDate(last[0]), last[1]));
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
    cell(tr, g.opponent || (g.opponentDeleted ? t('deletedPlayer') : '—'));
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
