// The home page's forms: a new game against the computer or a friend (presets described, options as
// controls), a position analysed, and the games this browser holds seats in.
const LEVELS = ['beginner', 'casual', 'intermediate', 'advanced', 'expert', 'world-class'];
const PRESETS = ['modern', 'original', 'advanced', 'moultezim', 'versailles'];
const $ = id => document.getElementById(id);

function saved() {
  try { return JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { return []; }
}

function remember(entry) {
  const games = saved().filter(g => g.id !== entry.id);
  games.unshift(entry);
  localStorage.setItem('jacquet.games', JSON.stringify(games.slice(0, 200)));
}

function options(select, values, label) {
  const chosen = select.value;
  select.innerHTML = '';
  for (const v of values) select.add(new Option(label(v), v));
  if (values.includes(chosen)) select.value = chosen;
}

/** The levels' ratings in the untimed pool (the form's games are untimed), from /api/levels; shown in the picker. */
let levelRatings = {};
fetch('/api/levels').then(r => r.ok ? r.json() : null).then(d => {
  if (!d) return;
  for (const l of d.levels) levelRatings[l.level] = l.ratings;
  fill();
}).catch(() => {});

function levelLabel(l) {
  const r = levelRatings[l] && levelRatings[l].untimed;
  return r ? `${t('levels.' + l)} · ${ratingText(r)}` : t('levels.' + l);
}

function fill() {
  options($('level'), LEVELS, levelLabel);
  if (!$('level').dataset.init) { $('level').value = 'intermediate'; $('level').dataset.init = '1'; }
  options($('preset'), PRESETS, p => t('presets.' + p));
  options($('aRules'), PRESETS, p => t('presets.' + p));
  options($('optScoring'), ['', 'simple', 'ladder', 'spanish'], v => (v ? t('scorings.' + v) : t('optDefault')));
  options($('optOpening'), ['', 'reroll', 'play-opening-dice', 'winner-chooses'], v => (v ? t('openings.' + v) : t('optDefault')));
  $('optReturn').options[0].textContent = t('optDefault');
  translatePage();
  describe();
  listGames();
}

function describe() {
  $('presetHelp').textContent = t('presetHelp.' + $('preset').value);
  $('levelHelp').textContent = t('levelsHelp.' + $('level').value);
}

/** The rules text from the preset and the options chosen: "modern+return-checkers=2". */
function rulesText() {
  const parts = [$('preset').value];
  if ($('optReturn').value) parts.push('return-checkers=' + $('optReturn').value);
  if ($('optScoring').value) parts.push('scoring=' + $('optScoring').value);
  if ($('optOpening').value) parts.push('opening=' + $('optOpening').value);
  return parts.join('+');
}

/** The games these seat tokens hold (POST, so that no token travels in a URL). */
async function fetchMine(tokens) {
  const res = await fetch('/api/games/mine', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tokens }) });
  return res.ok ? res.json() : [];
}

async function listGames() {
  const mine = saved();
  const ul = $('games');
  if (!mine.length) { ul.innerHTML = ''; const li = document.createElement('li'); li.textContent = t('noGames'); ul.appendChild(li); return; }
  const rows = await fetchMine(mine.map(g => g.token).slice(0, 200));
  const byId = new Map(rows.map(r => [r.id, r]));
  ul.innerHTML = '';
  for (const g of mine) {
    const r = byId.get(g.id);
    if (!r) continue;
    // The computer by its level; a player by the name it played under (a friend invited by link has none).
    const opponent = (r.side === 'white' ? r.black : r.white) === 'computer' ? t('levels.' + r.level) : (r.opponent || t('friendShort'));
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `game.html#g=${g.id}`;
    a.textContent = `${t(r.side)} ${t('vs')} ${opponent} — ${rulesName(r.rules)}, ${t('matchTo', r.match)} — ${t(r.status === 'over' ? 'over' : 'playing')}`;
    li.appendChild(a);
    ul.appendChild(li);
  }
}

$('opponent').addEventListener('change', e => { $('levelBox').hidden = e.target.value === 'friend'; });
$('preset').addEventListener('change', describe);
$('level').addEventListener('change', describe);
$('lang').addEventListener('click', () => { setLang(lang() === 'fr' ? 'en' : 'fr'); fill(); Editor.show(); });

$('new').addEventListener('submit', async e => {
  e.preventDefault();
  const body = {
    opponent: $('opponent').value,
    rules: rulesText(),
    match: Number($('match').value || 1),
    side: $('side').value,
  };
  if (body.opponent !== 'friend') body.level = $('level').value;
  if (body.opponent === 'computer' && !$('ratedBox').hidden && $('ratedGame').checked) body.rated = true;
  const position = $('position').value.trim();
  if (position) body.position = position;
  const res = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  // A start no game may be played from names the points of the side at fault, as its game screen would.
  if (!res.ok) { $('error').textContent = problemText(data, data.params && data.params.side); return; }
  remember({ id: data.id, token: data.token, invite: data.inviteToken || null });
  location.href = `game.html#g=${data.id}`;
});

$('analyse').addEventListener('submit', async e => {
  e.preventDefault();
  const q = new URLSearchParams({ position: $('aPosition').value.trim(), dice: $('aDice').value.trim(), rules: $('aRules').value });
  const res = await fetch('/api/analyse?' + q);
  const data = await res.json();
  const out = $('aResult');
  $('aError').textContent = res.ok ? '' : problemText(data);
  out.innerHTML = '';
  if (!res.ok) return;
  if (typeof Editor !== 'undefined' && Editor.board) Editor.analysed(data);
  $('aId').textContent = data.id ? 'ID: ' + data.id : '';
  const mover = moverOf(data.position);
  for (const p of data.plays) {
    const li = document.createElement('li');
    li.textContent = `${p.play === 'pass' ? t('passWord') : namePlay(compactPlay(p.play), mover)}  ${decimal(p.equity, 3, true)} (${percent(p.win)}, ${searchDepth(p.plies)})`;
    out.appendChild(li);
  }
  if (Editor.analysing) out.scrollIntoView({ block: 'nearest' }); // asked from the editor, lower down: the answer comes into view
  Editor.analysing = false;
});

/** How far the computer looked, in words (a player does not read "2-ply"). */
function searchDepth(plies) {
  return TEXTS[lang()].depth[plies] !== undefined ? t('depth.' + plies) : t('depth.n', plies);
}

// "Analyse this position" from a game or a review arrives as #analyse=POSITION&dice=…
const incoming = new URLSearchParams(location.hash.slice(1));
// The developer's tools (typed positions, analysis, board editor) open by their entry, or by
// a link that brings a position (#analyse=…) or asks for them (#tools).
if (incoming.get('analyse') || incoming.has('tools')) $('tools').open = true;
if (incoming.get('analyse')) {
  $('aPosition').value = incoming.get('analyse');
  if (incoming.get('dice')) $('aDice').value = incoming.get('dice');
}
fill();
Editor.init();
if (incoming.get('rules')) $('aRules').value = incoming.get('rules').split('+')[0];
if (incoming.get('analyse')) $('analyseButton').click();
