// The review of a finished game: the server's analysis (progress, then every turn marked), a
// full-width graph of White's chances with its axes, game separators and errors marked
// (click it to go to a turn), ←/→ through the turns, and on the board the play made (blue)
// and the best play (gold) with the equity lost.
let review = null;
let reviewIndex = -1;

let reviewAsking = false; // one request loop at a time, however often the button is pressed

/** Opens the review panel and asks the server for the review until it is ready. */
function loadReview() {
  $('reviewPanel').hidden = false;
  if (review || reviewAsking) return;
  $('reviewProgress').hidden = false;
  reviewAsking = true;
  askReview(0);
}

/**
 * One request for the review. A review being computed is asked for again every 400 ms (free on
 * the server: only asking for a new review counts against its limit). A dropped request or a
 * busy server (429 "too many", 503) is asked again later, longer each time (the server's
 * Retry-After at least), for as long as the page is open, and the page says so meanwhile.
 */
async function askReview(failures) {
  const later = (ms, f) => setTimeout(() => askReview(f), ms);
  const backoff = Math.min(30000, 1000 * 2 ** Math.min(failures, 5));
  let res;
  let data;
  try {
    res = await fetch(`/api/games/${encodeURIComponent(gameId)}/review`);
    data = await res.json();
  } catch (e) {
    later(backoff, failures + 1); // a reload, the network: ask again
    return;
  }
  if (res.status === 429 || res.status === 503) {
    const wait = Math.max(backoff, 1000 * (Number(res.headers.get('Retry-After')) || 0));
    say(problemText(data) + ' ' + t('reviewAgain', Math.ceil(wait / 1000)));
    later(wait, failures + 1);
    return;
  }
  if (failures) say('');
  if (!res.ok || data.type === 'error') {
    reviewAsking = false;
    $('reviewProgress').hidden = true;
    say(problemText(data), true);
    return;
  }
  if (!data.ready) {
    $('reviewProgress').max = Math.max(1, data.total);
    $('reviewProgress').value = data.done;
    $('reviewProgress').title = t('analysing', data.done, data.total);
    later(400, 0);
    return;
  }
  reviewAsking = false;
  review = data;
  $('reviewProgress').hidden = true;
  renderReview();
}

function markClass(mark) { return mark ? 'mark-' + mark.replace(' ', '-') : ''; }

function turnLine(x) {
  const played = x.played === 'pass' || !x.played ? t('passWord') : compactPlay(namePlay(x.played, x.side));
  const best = x.best === 'pass' || !x.best ? t('passWord') : compactPlay(namePlay(x.best, x.side));
  const mark = x.mark ? ` — ${t('marks.' + x.mark)} (${t('lost', decimal(-x.error, 3))}${semicolon()}${t('best')} ${best})` : '';
  return `${sideName(x.side)} ${x.dice} : ${played}${mark}`.replace(' :', lang() === 'fr' ? ' :' : ':');
}

function renderReview() {
  const turns = review.turns;
  drawGraph();
  const [pw, pb] = review.players;
  const table = $('reviewSummary');
  table.innerHTML = '';
  const row = (label, a, b, head) => {
    const tr = table.insertRow();
    for (const [i, v] of [label, a, b].entries()) {
      const c = document.createElement(head && i > 0 ? 'th' : 'td');
      c.textContent = v;
      tr.appendChild(c);
    }
  };
  row('', t('white'), t('black'), true);
  row(t('decisions'), pw.decisions, pb.decisions);
  row(t('marksCount'), `${pw.doubtful}/${pw.bad}/${pw.veryBad}`, `${pb.doubtful}/${pb.bad}/${pb.veryBad}`);
  row(t('errorRate'), decimal(pw.errorRate, 1), decimal(pb.errorRate, 1));
  row(t('rating'), t('ratings.' + pw.rating), t('ratings.' + pb.rating));
  row(t('luck'), decimal(pw.luck, 3, true), decimal(pb.luck, 3, true));
  row(t('luckAdjusted'), decimal(pw.luckAdjusted, 3, true), decimal(pb.luckAdjusted, 3, true));
  const ol = $('reviewTurns');
  ol.innerHTML = '';
  turns.forEach((x, i) => {
    const li = document.createElement('li');
    li.textContent = turnLine(x);
    li.tabIndex = 0;
    li.dataset.index = i;
    li.className = 'review-turn ' + markClass(x.mark) + (i === reviewIndex ? ' current' : '');
    ol.appendChild(li);
  });
}

/** The graph: White's chance of winning after each turn, 0–100 %, one column per turn. */
function drawGraph() {
  const turns = review.turns;
  const wrap = $('reviewGraphWrap');
  wrap.hidden = false;
  // Drawn at the size it is shown (one unit a CSS pixel), so that its labels are read at their
  // own size on a phone lying down as on a desktop. Where the layout sets the graph's height (a
  // desktop review, app.css --graph-fill), the drawing takes the box's height.
  const fill = getComputedStyle(wrap).getPropertyValue('--graph-fill').trim() === '1';
  const drawn = $('reviewGraph').querySelector('svg');
  const box = fill && drawn ? drawn.getBoundingClientRect() : null;
  const lying = window.matchMedia('(orientation: landscape) and (max-height: 500px)').matches;
  const W = Math.max(240, Math.round(wrap.clientWidth || 600));
  const H = box && box.height > 0 ? Math.round(box.height) : lying ? 110 : 200;
  const L = 44, Rm = 10, T = 10, B = 26;
  const x = i => L + (W - L - Rm) * (turns.length <= 1 ? 0.5 : i / (turns.length - 1));
  const y = p => T + (H - T - B) * (1 - p);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'review-graph');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('graph'));
  el('rect', { x: L, y: T, width: W - L - Rm, height: H - T - B, class: 'g-bg' }, svg);
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    el('line', { x1: L, x2: W - Rm, y1: y(p), y2: y(p), class: p === 0.5 ? 'g-axis' : 'g-grid' }, svg);
    const tx = el('text', { x: L - 6, y: y(p) + 4, 'text-anchor': 'end', class: 'g-text' }, svg);
    tx.textContent = percent(p, 0);
  }
  // Turn numbers at least 30 px apart; the last one always, and none crowding it.
  const last = turns.length - 1;
  const every = Math.max(1, Math.ceil(turns.length / Math.max(1, Math.floor((W - L - Rm) / 30))));
  turns.forEach((tn, i) => {
    if (i === last || (i % every === 0 && x(last) - x(i) >= 30)) {
      const tx = el('text', { x: x(i), y: H - 8, 'text-anchor': 'middle', class: 'g-text' }, svg);
      tx.textContent = i + 1;
    }
    if (i > 0 && tn.game !== turns[i - 1].game) {
      const gx = (x(i) + x(i - 1)) / 2;
      el('line', { x1: gx, x2: gx, y1: T, y2: H - B, class: 'g-game' }, svg);
      const tx = el('text', { x: gx + 4, y: T + 12, class: 'g-text' }, svg);
      tx.textContent = t('graphGame', tn.game);
    }
  });
  el('polyline', { points: turns.map((tn, i) => `${x(i).toFixed(1)},${y(tn.winWhite).toFixed(1)}`).join(' '), class: 'g-line' }, svg);
  turns.forEach((tn, i) => {
    if (tn.mark) el('circle', { cx: x(i), cy: y(tn.winWhite), r: 6, class: 'g-mark ' + markClass(tn.mark), 'data-index': i }, svg);
  });
  if (reviewIndex >= 0) el('line', { x1: x(reviewIndex), x2: x(reviewIndex), y1: T, y2: H - B, class: 'g-cursor' }, svg);
  // One transparent column per turn: the whole height is a target, on a phone too.
  turns.forEach((tn, i) => {
    const w = (W - L - Rm) / Math.max(1, turns.length);
    el('rect', { x: x(i) - w / 2, y: 0, width: w, height: H, class: 'g-hit', 'data-index': i }, svg);
  });
  const g = $('reviewGraph');
  g.innerHTML = '';
  g.appendChild(svg);
  if (fill && !box) drawGraph(); // the first drawing gave the box to measure
}
// A desktop review's graph follows the window's shape.
window.addEventListener('resize', () => { if (review && !$('reviewGraphWrap').hidden) drawGraph(); });

function showTurn(i) {
  if (!review) return;
  i = Math.max(0, Math.min(review.turns.length - 1, i));
  reviewIndex = i;
  const x = review.turns[i];
  const values = diceValues(x.dice);
  const me = viewer();
  const view = Object.assign({}, shown, { position: x.position, turn: x.side, phase: 'review', moves: null, steps: [], lost: null,
    dice: { values: values.length === 1 ? [values[0], values[0]] : values, text: x.dice, steps: 2, transferred: x.dice.startsWith('+') },
    events: [] });
  past.active = true;
  board.render(Object.assign(view, { phase: 'play' }), { marks: [], still: true });
  const played = playSteps(x.played === 'pass' ? '' : x.played);
  const best = playSteps(x.best === 'pass' ? '' : x.best);
  board.arrows(played, x.side, 'played', x.mark ? decimal(-x.error, 3) : null);
  if (x.mark) board.arrows(best, x.side, 'best');
  $('historyBar').hidden = false;
  $('historyText').textContent = turnLine(x);
  $('analyseLink').hidden = x.dice.startsWith('+');
  $('analyseLink').href = `/#analyse=${encodeURIComponent(x.position.text)}&dice=${encodeURIComponent(x.dice)}&rules=${encodeURIComponent(shown.rules)}`;
  document.querySelectorAll('#reviewTurns li').forEach(li => li.classList.toggle('current', Number(li.dataset.index) === i));
  const li = document.querySelector(`#reviewTurns li[data-index="${i}"]`);
  if (li) li.scrollIntoView({ block: 'nearest' });
  drawGraph();
  // On a phone, the board comes back into view.
  const b = $('board').getBoundingClientRect();
  if (b.top < 0 || b.bottom > window.innerHeight) $('board').scrollIntoView({ block: 'start' });
  void me;
}

$('review').onclick = () => loadReview();
$('reviewTurns').addEventListener('click', e => {
  const li = e.target.closest('li[data-index]');
  if (li) showTurn(Number(li.dataset.index));
});
$('reviewTurns').addEventListener('keydown', e => {
  const li = e.target.closest('li[data-index]');
  if (li && e.key === 'Enter') showTurn(Number(li.dataset.index));
});
$('reviewGraph').addEventListener('click', e => {
  const hit = e.target.closest('[data-index]');
  if (hit) showTurn(Number(hit.getAttribute('data-index')));
});
// In review, ←/→ go through the analysed turns (before the live history's handler).
document.addEventListener('keydown', e => {
  if (!review || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || (e.target.closest && e.target.closest('.hit'))) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  if (e.key === 'ArrowLeft') showTurn(reviewIndex < 0 ? review.turns.length - 1 : reviewIndex - 1);
  else if (e.key === 'ArrowRight') showTurn(reviewIndex + 1);
  else if (e.key === 'Home') showTurn(0);
  else showTurn(review.turns.length - 1);
}, true);
