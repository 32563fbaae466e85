// The Puzzles page: a position and its dice where one play is clearly best by rollout. The
// learner plays on the board (each step checked by the server, as in a game), then checks the
// play: the answer shows every candidate's rolled-out expected points with their 95% intervals
// and the best play's arrows, each play named as the game screen names it (namePlay). The
// puzzle of the day is the same for everyone on a date; a signed-in player's first answer to a
// puzzle moves its puzzle rating (the server judges and rates it), a guest's streak and answers
// are kept in this browser.
const $ = id => document.getElementById(id);
const THEMES = ['postilion', 'blocks', 'bear-off', 'race'];
const STORE = 'jacquet.puzzles';
/** Answers remembered at most (the oldest forgotten first): a streak counts each puzzle once. */
const MAX_ANSWERS = 1000;

let puzzle = null;   // the puzzle shown: { rules, index, themes, date?, state }
let start = null;    // its state before any step
let steps = [];      // the learner's steps so far in play notation ("1/4", "20/off"), the mover's numbering
let answer = null;   // the answer once checked

const board = new Board($('board'), {
  step: (from, to) => play(from, to),
  refused: (point, why) => say(t('cannotMove', whyNot(why, puzzle.state.you)), true),
  namesPoints: true,
});

function progress() {
  try {
    const p = JSON.parse(localStorage.getItem(STORE) || '{}');
    return { streak: p.streak || 0, best: p.best || 0, answers: Array.isArray(p.answers) ? p.answers : [] };
  } catch (e) {
    return { streak: 0, best: 0, answers: [] };
  }
}

/** Counts a first answer to a puzzle in the streak; a puzzle answered again changes nothing. */
function record(id, solved) {
  const p = progress();
  if (p.answers.some(a => a.id === id)) return;
  p.streak = solved ? p.streak + 1 : 0;
  p.best = Math.max(p.best, p.streak);
  p.answers = [{ id, solved }].concat(p.answers).slice(0, MAX_ANSWERS);
  localStorage.setItem(STORE, JSON.stringify(p));
}

function puzzleId() { return puzzle.rules + '/' + puzzle.index; }

function say(text, error) {
  $('message').textContent = text;
  $('message').classList.toggle('error', !!error);
}

async function fetchJson(url, post) {
  const r = await fetch(url, post === undefined ? { headers: { 'Accept-Language': lang() } }
    : { method: 'POST', headers: { 'Accept-Language': lang(), 'Content-Type': 'application/json' }, body: JSON.stringify(post) });
  const body = await r.json();
  if (!r.ok) throw body;
  return body;
}

function today() {
  const d = new Date();
  const two = n => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

async function load(url) {
  try {
    show(await fetchJson(url));
  } catch (e) {
    say(e && e.code ? problemText(e, puzzle && puzzle.state.you) : t('puzzle.unreachable'), true);
  }
}

function show(p) {
  puzzle = p;
  start = p.state;
  steps = [];
  answer = null;
  history.replaceState(null, '', '#' + (p.date ? 'daily' : 'p=' + puzzleId()));
  say('');
  render();
}

function render() {
  const s = puzzle.state;
  $('puzzleTitle').textContent = puzzle.date ? t('puzzle.ofTheDay', dateName(puzzle.date))
    : t('puzzle.number', puzzle.index, rulesName(puzzle.rules));
  $('task').textContent = t('puzzle.task', sideName(s.turn), diceName(s.dice.text, s.dice.transferred));
  $('themes').textContent = puzzle.themes.length
    ? t('puzzle.themesAre', puzzle.themes.map(k => t('puzzle.themes.' + k)).join(', ')) : '';
  $('undo').disabled = !steps.length || !!answer;
  $('check').disabled = !s.complete || !!answer;
  $('answer').hidden = !answer;
  $('streak').textContent = standing();
  if (answer) {
    renderAnswer();
  } else {
    board.render(s, { still: true, marks: [] });
  }
}

function dateName(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

async function play(from, to) {
  if (answer) return;
  const tried = steps.concat([`${from}/${to === 25 ? 'off' : to}`]);
  try {
    const p = await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}?steps=${encodeURIComponent(tried.join(' '))}`);
    steps = tried;
    puzzle.state = p.state;
    say(p.state.complete ? t('puzzle.complete') : '');
  } catch (e) {
    say(e && e.code ? problemText(e, puzzle && puzzle.state.you) : t('puzzle.unreachable'), true);
  }
  render();
}

async function undo() {
  steps.pop();
  try {
    puzzle.state = steps.length
      ? (await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}?steps=${encodeURIComponent(steps.join(' '))}`)).state : start;
  } catch (e) {
    say(e && e.code ? problemText(e, puzzle && puzzle.state.you) : t('puzzle.unreachable'), true);
  }
  say('');
  render();
}

async function check() {
  try {
    answer = await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}/answer`, { steps: steps.join(' ') });
  } catch (e) {
    say(e && e.code ? problemText(e, puzzle && puzzle.state.you) : t('puzzle.unreachable'), true);
    return;
  }
  const r = answer.rating;
  if (!r) record(puzzleId(), answer.solved); // a guest: the streak of this browser
  else if (r.rated && puzzle.player) {
    Object.assign(puzzle.player, { rating: r.after, provisional: r.provisional, attempts: puzzle.player.attempts + 1 });
  }
  say('');
  render();
  $('verdict').focus();
}

function renderAnswer() {
  const mover = start.turn;
  board.render(Object.assign({}, start, { moves: null }), { still: true, marks: [] });
  const best = answer.candidates.find(c => c.best);
  if (!answer.solved) board.arrows(playSteps(answer.play), mover, 'played');
  board.arrows(playSteps(best.play), mover, 'best');
  $('verdict').textContent = answer.solved ? t('puzzle.right') : t('puzzle.wrong', named(best.play));
  $('verdict').className = answer.solved ? 'verdict right' : 'verdict wrong';
  $('verdict').tabIndex = -1;
  const table = $('candidates');
  table.innerHTML = '';
  const head = table.insertRow();
  for (const k of ['puzzle.play', 'puzzle.equity', 'puzzle.interval']) {
    const th = document.createElement('th');
    th.textContent = t(k);
    head.appendChild(th);
  }
  for (const c of answer.candidates) {
    const row = table.insertRow();
    row.className = (c.best ? 'best' : '') + (c.yours ? ' yours' : '');
    const name = named(c.play) + (c.best ? ' ★' : '') + (c.yours ? ' ' + t('puzzle.yours') : '');
    row.insertCell().textContent = name;
    row.insertCell().textContent = decimal(c.equity, 3, true);
    row.insertCell().textContent = c.best ? '' : decimal(c.equity - best.equity, 3, true) + ' ± ' + decimal(c.halfWidth, 3);
  }
  const yours = answer.candidates.some(c => c.yours);
  $('answerNote').textContent = (yours ? '' : t('puzzle.notRolled', named(answer.play)) + ' ')
    + t('puzzle.howMeasured', answer.trials) + (answer.expertWrong ? ' ' + t('puzzle.expertWrong') : '');
  $('ratingNote').textContent = ratingNote(answer.rating);
}

/** A play of the puzzle's mover as the game screen names it: board letters, or the mover's numbers (Settings). */
function named(play) { return namePlay(compactPlay(play), start.turn); }

/** The signed-in player's puzzle rating, or a guest's streak. */
function standing() {
  const me = puzzle.player;
  if (me) return plural('puzzle.rating', me.attempts, me.rating + (me.provisional ? '?' : ''));
  const p = progress();
  return t('puzzle.streak', p.streak, p.best);
}

/** What the answer did to the ratings: the move of the player's and the puzzle's, or why it was not rated. */
function ratingNote(r) {
  if (!r) return '';
  if (!r.rated) return t('puzzle.notRated.' + r.why, r.puzzle);
  const change = r.after - r.before;
  return t('puzzle.rated', r.before, r.after, (change >= 0 ? '+' : '−') + Math.abs(change), r.puzzle);
}

function fillThemes() {
  const sel = $('themeFilter');
  const chosen = sel.value;
  sel.innerHTML = '';
  sel.add(new Option(t('puzzle.anyTheme'), ''));
  for (const k of THEMES) sel.add(new Option(t('puzzle.themes.' + k), k));
  sel.value = chosen;
}

function next() {
  const theme = $('themeFilter').value;
  const not = puzzle && puzzle.rules === 'modern' ? `&not=${puzzle.index}` : '';
  load(`/api/puzzles/random?rules=modern${theme ? '&theme=' + theme : ''}${not}`);
}

$('undo').onclick = undo;
$('check').onclick = check;
$('next').onclick = next;
$('daily').onclick = () => load(`/api/puzzles/daily?date=${today()}`);
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); fillThemes(); if (puzzle) render(); };

const portrait = window.matchMedia('(orientation: portrait) and (max-width: 700px)');
board.setPortrait(portrait.matches);
portrait.addEventListener('change', () => { board.setPortrait(portrait.matches); if (puzzle) render(); });

translatePage();
fillThemes();
const wanted = new URLSearchParams(location.hash.slice(1)).get('p');
if (wanted && /^[a-z]{1,20}\/[0-9]{1,9}$/.test(wanted)) load('/api/puzzles/' + wanted);
else load(`/api/puzzles/daily?date=${today()}`);
