// The course: each lesson a short text and positions where the learner makes the play asked
// on the app's board. The server judges every step and play with the engine (its reasons, its
// equities); this page only shows them and keeps the learner's progress. Points and plays are
// named as the game screen names them (namePlay: the board letters, or the mover's numbers).
const $ = id => document.getElementById(id);

/**
 * Where progress is kept: this browser for a guest. The seam for accounts: replace this object
 * by one that loads and saves the same shape ({done: {"lessonId/step": true}}) on the server.
 */
const progressStore = {
  load() {
    try { return JSON.parse(localStorage.getItem('jacquet.lessons') || '{}'); } catch (e) { return {}; }
  },
  save(progress) { localStorage.setItem('jacquet.lessons', JSON.stringify(progress)); },
};

let course = [];          // the lessons, in the reader's language
let progress = progressStore.load();
progress.done = progress.done || {};
let at = { lesson: 0, step: 0 };
let laid = [];            // the steps laid on the board so far, "from/to"
let state = null;

const board = new Board($('board'), {
  step: (from, to) => { laid.push(`${from}/${to === 25 ? 'off' : to}`); ask({ steps: laid.join(' ') }); },
  refused: (point, why) => say(t('cannotMove', whyNot(why, mover())), true),
  namesPoints: true,
});

/**
 * A step's text with its marked points and plays ("point [9]", "[8/9]": the mover's numbers in
 * lessons.json) named as the game screen names them, for the side to move there.
 */
function lessonText(text, mover) {
  return (text || '').replace(/\[([0-9][0-9/ ()off]*)\]/g, (m, play) => namePlay(play, mover));
}

/** The side to move in the step shown: the learner's. */
function mover() {
  return moverOf(course[at.lesson].steps[at.step].position);
}

function say(text, bad) {
  $('message').textContent = text || '';
  $('message').classList.toggle('error', !!bad);
}

function key(lesson, step) { return course[lesson].id + '/' + step; }

/** The first step not done yet (the course's start when all are done). */
function firstUndone() {
  for (let l = 0; l < course.length; l++) {
    for (let s = 0; s < course[l].steps.length; s++) if (!progress.done[key(l, s)]) return { lesson: l, step: s };
  }
  return { lesson: 0, step: 0 };
}

/** The course in the reader's language; {@code resume}: open the first position not done yet. */
async function load(resume) {
  try {
    const r = await fetch(`/api/lessons?lang=${lang()}`);
    course = (await r.json()).lessons;
  } catch (e) {
    say(t('networkError'), true);
    return;
  }
  if (resume) at = firstUndone();
  show();
}

function show() {
  const lesson = course[at.lesson];
  const step = lesson.steps[at.step];
  $('lessonOf').textContent = t('lessonOf', at.lesson + 1, course.length) + (step.strategy ? ' · ' + t('learnStrategy') : '');
  $('lessonTitle').textContent = lesson.title;
  $('lessonText').textContent = lessonText(lesson.text, mover());
  $('positionOf').textContent = t('positionOf', at.step + 1, lesson.steps.length);
  $('playText').value = '';
  typedPlayHelp($('playText'), 'learnType', mover(), $('playTextLabel'));
  $('task').textContent = lessonText(step.task, mover());
  $('next').hidden = !progress.done[key(at.lesson, at.step)];
  $('again').hidden = true;
  list();
  laid = [];
  say('');
  ask({ steps: '' });
}

function list() {
  const ol = $('lessonList');
  ol.innerHTML = '';
  course.forEach((l, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'link';
    const done = l.steps.every((s, j) => progress.done[key(i, j)]);
    b.textContent = l.title + (done ? ' ✓' : '');
    if (done) b.setAttribute('aria-label', l.title + ', ' + t('learnDoneMark'));
    b.onclick = () => { at = { lesson: i, step: 0 }; show(); window.scrollTo(0, 0); }; // the board, at the top
    li.appendChild(b);
    ol.appendChild(li);
  });
}

/** Sends the steps laid (or a typed play) to the server, which answers the board and, for a whole play, the verdict. */
async function ask(body) {
  const lesson = course[at.lesson];
  const r = await fetch(`/api/lessons/${encodeURIComponent(lesson.id)}/${at.step}?lang=${lang()}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) {
    // The engine's reason, as in a game; the board stays as it was.
    if (body.steps !== undefined) laid.pop();
    // A play named the other way is no verdict on the play (and the play asked, typed so, says
    // it is right: typed-letters, what: right-play); the rest is "not the play asked".
    const naming = data.code === 'typed-letters' || data.code === 'typed-mover';
    say(naming ? problemText(data, mover()) : t('lessonWrong', problemText(data, mover())), (data.params || {}).what !== 'right-play');
    $('again').hidden = false;
    return;
  }
  state = data;
  board.render(state, { still: true });
  if (data.verdict) verdict(data.verdict);
}

function verdict(v) {
  const lines = [];
  if (v.accepted) {
    progress.done[key(at.lesson, at.step)] = true;
    progressStore.save(progress);
    lines.push(lessonText(v.text, mover()) || t('lessonRight'));
    $('next').hidden = false;
    list();
  } else {
    lines.push(t('lessonWrong', lessonText(v.text, mover()) || t('lessonLegalOther')));
    $('again').hidden = false;
  }
  if (v.points !== undefined) lines.push(t(v.wins ? 'lessonWins' : 'lessonWouldPay', plural('pointCount', v.points)));
  if (v.best !== undefined) {
    lines.push(t('lessonEquities', namePlay(compactPlay(v.play), mover()), decimal(v.equity, 3, true),
      namePlay(compactPlay(v.best), mover()), decimal(v.bestEquity, 3, true)));
    if (!v.accepted) board.arrows(playSteps(v.best), state.you, 'best');
  }
  say(lines.join(' '), !v.accepted);
}

$('undo').onclick = () => { if (laid.length) { laid.pop(); say(''); ask({ steps: laid.join(' ') }); } };
$('again').onclick = () => { $('playText').value = ''; show(); };
$('next').onclick = () => {
  const lesson = course[at.lesson];
  if (at.step + 1 < lesson.steps.length) at = { lesson: at.lesson, step: at.step + 1 };
  else if (at.lesson + 1 < course.length) at = { lesson: at.lesson + 1, step: 0 };
  else { say(t('courseDone')); return; }
  show();
};
$('typed').onsubmit = e => {
  e.preventDefault();
  const text = $('playText').value.trim();
  if (text) { laid = []; ask({ play: text, naming: pointNaming() }); } // read by the server in the naming shown
};
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); fillPointNamings($('points')); load(false); };
// Settings › Points named by, as on the game screen (one stored choice): the step shown again in the chosen names.
fillPointNamings($('points'));
choosePointNaming($('points'), () => { if (course.length) show(); });

const portrait = window.matchMedia('(orientation: portrait) and (max-width: 700px)');
board.setPortrait(portrait.matches);
portrait.addEventListener('change', () => { board.setPortrait(portrait.matches); if (state) board.render(state, { still: true }); });

translatePage();
load(true);
