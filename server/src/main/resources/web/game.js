// The game page: one WebSocket to the server, which holds the game; this page only shows it
// and sends what the player does. A dropped connection reconnects and shows the same state.
const params = new URLSearchParams(location.hash.slice(1));
const gameId = params.get('g');
const token = params.get('t');
let socket = null;
let state = null;
let retry = 0;
let hints = null;

const $ = id => document.getElementById(id);
const board = new Board($('board'), { step: (from, to) => send({ type: 'step', from, to }) });

function remember() {
  if (!token) return;
  let games = [];
  try { games = JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { games = []; }
  if (!games.some(g => g.id === gameId)) {
    games.unshift({ id: gameId, token, invite: null });
    localStorage.setItem('jacquet.games', JSON.stringify(games.slice(0, 200)));
  }
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  socket.onopen = () => { retry = 0; say(''); send({ type: 'hello', token: token || undefined }); };
  socket.onmessage = e => receive(JSON.parse(e.data));
  socket.onclose = () => {
    say(t('reconnecting'), true);
    setTimeout(connect, Math.min(5000, 500 * 2 ** retry++));
  };
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function say(text, error) {
  const m = $('message');
  m.textContent = text || '';
  m.className = 'message' + (error ? ' error' : '');
}

function receive(msg) {
  if (msg.type === 'state' || msg.type === 'change') { state = StateSync.apply(state, msg); if (!state) return; hints = msg.phase === 'play' && hints && hints.version === msg.version ? hints : null; render(); }
  else if (msg.type === 'error') say(msg.message, true);
  else if (msg.type === 'hint') { hints = { version: state && state.version, plays: msg.plays }; renderHints(); }
  else if (msg.type === 'ok') say('');
}

function name(side) {
  const p = state.players[side];
  const who = p.kind === 'computer' ? t('levels.' + p.level) : (state.you === side ? t('you') : t('opponent'));
  return `${sideName(side)} (${who})`;
}

function render() {
  if (!reviewing) board.render(state);
  const mine = state.you && state.turn === state.you;
  const over = state.phase === 'over';
  $('roll').textContent = t(state.phase === 'opening_throw' ? 'rollOpening' : 'roll');
  $('roll').disabled = !(state.you && ((state.phase === 'opening_throw' && state.players[state.you].kind === 'human') || (state.phase === 'roll' && mine)));
  $('undo').disabled = !(mine && state.phase === 'play' && state.steps && state.steps.length);
  $('confirm').disabled = !(mine && state.phase === 'play' && state.complete);
  const vsComputer = state.players.white.kind === 'computer' || state.players.black.kind === 'computer';
  $('hint').hidden = !vsComputer;
  $('hint').disabled = !(mine && state.phase === 'play');
  $('resign').disabled = !state.you || over;
  $('next').hidden = !(over && !state.matchOver && state.you);
  $('review').hidden = !over;
  $('notation').disabled = !(mine && state.phase === 'play');
  $('choice').hidden = !(mine && state.phase === 'opening_choice');
  if (!$('choice').hidden) {
    const o = state.events[state.events.length - 1];
    $('choiceText').textContent = t('choice', diceName(Math.max(o.white, o.black) + '-' + Math.min(o.white, o.black)));
  }
  $('status').textContent = status(mine, over);
  renderPlayers();
  renderMoves();
  renderHints();
  $('recordLink').href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $('fair').textContent = state.seed ? `${t('seed')}: ${state.seed} · ${t('seedHash')}: ${state.seedHash}` : `${t('seedHash')}: ${state.seedHash}`;
  renderInvite();
}

function status(mine, over) {
  if (over) {
    const r = state.result;
    const pts = r.points + ' ' + (r.points === 1 ? t('point') : t('pointsWord'));
    let text = t('wins', sideName(r.winner), pts, t('reasons.' + r.reason) + (r.resigned ? t('byResignation') : ''));
    if (state.matchOver) {
      const w = state.score.white > state.score.black ? 'white' : 'black';
      text += ' ' + t('winsMatch', sideName(w), state.score[w], state.score[w === 'white' ? 'black' : 'white']);
    }
    return text;
  }
  if (!state.you) return t('spectator');
  if (state.phase === 'opening_throw') return t('rollOpening');
  if (!mine) return t('waiting', name(state.turn));
  if (state.phase === 'play') {
    const dice = diceName(state.dice.text, state.dice.transferred);
    return `${t('yourTurn')} — ${dice}` + (state.forced ? ' — ' + t('forced', state.legal[0]) : '');
  }
  return t('yourTurn');
}

function renderPlayers() {
  const lines = ['white', 'black'].map(s => {
    const p = state.players[s];
    const pos = state.position[s];
    return `<div><span><span class="dot ${p.connected ? 'on' : ''}" title="${t(p.connected ? 'connected' : 'away')}"></span>${name(s)}</span>`
      + `<span>${pos.pips} ${t('pips')} · ${pos.off} ${t('off')}</span></div>`;
  });
  lines.push(`<div><span>${t('score')}: ${state.score.white}–${state.score.black}</span><span>${t('matchTo', state.matchLength)} · ${t('game', state.game)}</span></div>`);
  lines.push(`<div><span>${state.rules}</span></div>`);
  $('players').innerHTML = lines.join('');
}

function renderMoves() {
  const ol = $('moves');
  ol.innerHTML = '';
  for (const e of state.events) {
    const li = document.createElement('li');
    if (e.kind === 'opening') {
      li.textContent = t('openingThrow', e.white, e.black) + ' — ' + (e.white === e.black ? t('tie') : t('starts', sideName(e.white > e.black ? 'white' : 'black')));
    } else if (e.kind === 'choice') {
      li.textContent = t(e.throwAgain ? 'throwAgain' : 'playsOpening', sideName(e.side));
    } else if (e.kind === 'turn') {
      li.textContent = e.pass ? t('passes', sideName(e.side), diceName(e.dice, e.transferred))
        : t('plays', sideName(e.side), e.dice, e.play);
    } else if (e.kind === 'resign') {
      li.textContent = t('resigns', sideName(e.side));
    }
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

function renderHints() {
  const box = $('hints');
  if (!hints || !hints.plays) { box.innerHTML = ''; return; }
  box.innerHTML = `<strong>${t('hintTitle')}</strong><ol>` + hints.plays.slice(0, 5).map(p =>
    `<li>${p.play} ${p.equity >= 0 ? '+' : ''}${p.equity.toFixed(3)} (${(100 * p.win).toFixed(1)}%)</li>`).join('') + '</ol>';
}

function renderInvite() {
  let games = [];
  try { games = JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { games = []; }
  const mine = games.find(g => g.id === gameId);
  const show = mine && mine.invite && state.phase !== 'over';
  $('invite').hidden = !show;
  if (show) {
    $('inviteLink').value = `${location.origin}/game.html#g=${gameId}&t=${mine.invite}`;
    $('spectateLink').value = `${location.origin}/game.html#g=${gameId}`;
  }
}

$('roll').onclick = () => send({ type: 'roll' });
$('undo').onclick = () => send({ type: 'undo' });
$('confirm').onclick = () => send({ type: 'confirm' });
$('hint').onclick = () => send({ type: 'hint' });
$('resign').onclick = () => send({ type: 'resign' });
$('next').onclick = () => send({ type: 'next' });
$('playOpening').onclick = () => send({ type: 'choose', throwAgain: false });
$('throwAgain').onclick = () => send({ type: 'choose', throwAgain: true });
$('notation').addEventListener('keydown', e => {
  if (e.key === 'Enter' && e.target.value.trim()) {
    send({ type: 'play', play: e.target.value.trim() });
    e.target.value = '';
    e.stopPropagation();
  }
});
document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT' || !state) return;
  if (e.key === 'r' && !$('roll').disabled) send({ type: 'roll' });
  else if (e.key === 'u' && !$('undo').disabled) send({ type: 'undo' });
  else if (e.key === 'Enter' && !$('confirm').disabled) send({ type: 'confirm' });
  else if (e.key === 'h' && !$('hint').disabled && !$('hint').hidden) send({ type: 'hint' });
});
let review = null;
let reviewing = false;

async function loadReview() {
  $('reviewPanel').hidden = false;
  reviewing = true;
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/review`);
  const data = await res.json();
  if (data.type === 'error') { say(data.message, true); return; }
  if (!data.ready) {
    $('reviewProgress').max = Math.max(1, data.total);
    $('reviewProgress').value = data.done;
    $('reviewProgress').title = t('analysing', data.done, data.total);
    setTimeout(loadReview, 400);
    return;
  }
  review = data;
  $('reviewProgress').hidden = true;
  renderReview();
}

function renderReview() {
  const turns = review.turns;
  const w = 300, h = 90;
  const pts = turns.map((x, i) => `${(10 + (w - 20) * i / Math.max(1, turns.length - 1)).toFixed(1)},${(5 + (h - 10) * (1 - x.winWhite)).toFixed(1)}`).join(' ');
  $('reviewGraph').innerHTML = `<svg viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="${t('graph')}">`
    + `<rect width="${w}" height="${h}" fill="#fbf7ee"/><line x1="0" x2="${w}" y1="${h / 2}" y2="${h / 2}" stroke="#aaa"/>`
    + `<polyline points="${pts}" fill="none" stroke="#1f5a3a" stroke-width="2"/></svg>`;
  const [pw, pb] = review.players;
  const row = (label, a, b) => `<tr><td>${label}</td><td>${a}</td><td>${b}</td></tr>`;
  $('reviewSummary').innerHTML = `<tr><td></td><th>${t('white')}</th><th>${t('black')}</th></tr>`
    + row(t('decisions'), pw.decisions, pb.decisions)
    + row(t('marksCount'), `${pw.doubtful}/${pw.bad}/${pw.veryBad}`, `${pb.doubtful}/${pb.bad}/${pb.veryBad}`)
    + row(t('errorRate'), pw.errorRate.toFixed(1), pb.errorRate.toFixed(1))
    + row(t('rating'), t('ratings.' + pw.rating), t('ratings.' + pb.rating))
    + row(t('luck'), pw.luck.toFixed(3), pb.luck.toFixed(3))
    + row(t('luckAdjusted'), pw.luckAdjusted.toFixed(3), pb.luckAdjusted.toFixed(3));
  const ol = $('reviewTurns');
  ol.innerHTML = '';
  turns.forEach((x, i) => {
    const li = document.createElement('li');
    const mark = x.mark ? ` — ${t('marks.' + x.mark)} −${x.error.toFixed(3)}, ${t('best')} ${x.best}` : '';
    li.textContent = `${sideName(x.side)} ${x.dice}: ${x.played}${mark}`;
    li.tabIndex = 0;
    li.className = 'review-turn' + (x.mark ? ' marked' : '');
    li.onclick = li.onkeydown = ev => { if (ev.type === 'click' || ev.key === 'Enter') showTurn(i); };
    ol.appendChild(li);
  });
}

function showTurn(i) {
  const x = review.turns[i];
  const [a, b] = x.dice.replace('+', '').split('-').map(Number);
  board.render({ you: state.you || 'white', position: x.position, turn: x.side, phase: 'review', version: -i - 1,
    bearOff: state.bearOff, dice: { values: [a, b || a], text: x.dice, steps: 2, transferred: x.dice.startsWith('+') }, steps: [] });
  board.arrows(x.bestSteps, x.side);
  $('status').textContent = `${sideName(x.side)} ${x.dice}: ${x.played}` + (x.mark ? ` (${t('marks.' + x.mark)}; ${t('best')} ${x.best})` : '');
}

$('review').onclick = () => loadReview();
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); if (state) render(); };

translatePage();
if (!gameId) say(t('gameNotFound'), true);
else { remember(); connect(); }
