// The Puzzles page: a position and its dice where one play is clearly best by rollout. The
// learner plays on the board (each step checked by the server, as in a game), then checks the
// play: the answer shows every candidate's rolled-out expected points with their 95% intervals
// and the best play's arrows. The puzzle of the day is the same for everyone on a date; a
// guest's streak and answers are kept in this browser.
const $ = id => document.getElementById(id);
const THEMES = ['postilion', 'blocks', 'bear-off', 'race'];
const STORE = 'jacquet.puzzles';
/** Answers remembered at most (the oldest forgotten first): a streak counts each puzzle once. */
const MAX_ANSWERS = 1000;

let puzzle = null;   // the puzzle shown: { rules, index, themes, date?, state }
let start = null;    // its state before any step
let steps = [];      // the learner's steps so far, "from-to" in the mover's numbering
let answer = null;   // the answer once checked

const board = new Board($('board'), {
  step: (from, to) => play(from, to),
  refused: (point, why) => say(t('cannotMove', whyNot(why)), true),
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

async function fetchJson(url) {
  const r = await fetch(url, { headers: { 'Accept-Language': lang() } });
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
    say(e && e.code ? problemText(e) : t('puzzle.unreachable'), true);
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
  const p = progress();
  $('streak').textContent = t('puzzle.streak', p.streak, p.best);
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
  const tried = steps.concat([from + '-' + to]);
  try {
    const p = await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}?steps=${tried.join(',')}`);
    steps = tried;
    puzzle.state = p.state;
    say(p.state.complete ? t('puzzle.complete') : '');
  } catch (e) {
    say(e && e.code ? problemText(e) : t('puzzle.unreachable'), true);
  }
  render();
}

async function undo() {
  steps.pop();
  try {
    puzzle.state = steps.length ? (await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}?steps=${steps.join(',')}`)).state : start;
  } catch (e) {
    say(e && e.code ? problemText(e) : t('puzzle.unreachable'), true);
  }
  say('');
  render();
}

async function check() {
  try {
    answer = await fetchJson(`/api/puzzles/${puzzle.rules}/${puzzle.index}/answer?steps=${steps.join(',')}`);
  } catch (e) {
    say(e && e.code ? problemText(e) : t('puzzle.unreachable'), true);
    return;
  }
  record(puzzleId(), answer.solved);
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
  $('verdict').textContent = answer.solved ? t('puzzle.right') : t('puzzle.wrong', compactPlay(best.play));
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
    const name = compactPlay(c.play) + (c.best ? ' ★' : '') + (c.yours ? ' ' + t('puzzle.yours') : '');
    row.insertCell().textContent = name;
    row.insertCell().textContent = decimal(c.equity, 3, true);
    row.insertCell().textContent = c.best ? '' : decimal(c.equity - best.equity, 3, true) + ' ± ' + decimal(c.halfWidth, 3);
  }
  const yours = answer.candidates.some(c => c.yours);
  $('answerNote').textContent = (yours ? '' : t('puzzle.notRolled', compactPlay(answer.play)) + ' ')
    + t('puzzle.howMeasured', answer.trials) + (answer.expertWrong ? ' ' + t('puzzle.expertWrong') : '');
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
