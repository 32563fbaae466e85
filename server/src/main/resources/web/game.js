// The game page: one WebSocket to the server, which holds the game; this page only shows it
// and sends what the player does. A dropped connection reconnects and shows the same state.
// The seat token is taken out of the address bar at once (kept in this browser), so the
// address shown is the link to watch the game, safe to share.
const params = new URLSearchParams(location.hash.slice(1));
const gameId = params.get('g');
let token = params.get('t') || storedToken(gameId);
// This browser's own seat, kept: an invitation link opened again (its seat taken, here under a key
// of our own) must not cost the seat.
const keptToken = storedToken(gameId);
let socket = null;
let state = null;      // the latest state the server sent
let shown = null;      // the state the board shows (behind `state` while a play glides)
let retry = 0;
let greeted = false; // this socket's hello was answered with the game
let helloRetry = 0;
let hints = null;
let fatal = false;
const queue = [];
let pumping = false;
const timing = {}; // when the socket opened and the first state came (ms since the page began)

const $ = id => document.getElementById(id);
const board = new Board($('board'), {
  step: (from, to) => send({ type: 'step', from, to }),
  refused: (point, why) => say(t('cannotMove', whyNot(why, board.viewer())), true),
  namesPoints: true,
});

function savedGames() {
  try { return JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { return []; }
}
function storedToken(id) {
  const g = savedGames().find(x => x.id === id);
  return g ? g.token : null;
}
function remember(id, tok, invite) {
  const games = savedGames();
  const old = games.find(g => g.id === id);
  const entry = { id, token: tok, invite: invite !== undefined ? invite : (old ? old.invite : null) };
  localStorage.setItem('jacquet.games', JSON.stringify([entry].concat(games.filter(g => g.id !== id)).slice(0, 200)));
}
function forget(id) {
  localStorage.setItem('jacquet.games', JSON.stringify(savedGames().filter(g => g.id !== id)));
}

// A link opened in this tab (another game's, or the same with a seat) is a new page.
window.addEventListener('hashchange', () => location.reload());

function speed() {
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
  const v = localStorage.getItem('jacquet.speed');
  return v === null ? 350 : Number(v);
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  // The page's language, which the reader may have chosen over the browser's: refusals' messages follow it.
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}?lang=${lang()}`);
  socket.onopen = () => {
    timing.open = timing.open || performance.now();
    if (!fatal) say('');
    greeted = false;
    helloRetry = 0;
    hello();
  };
  socket.onmessage = e => receive(JSON.parse(e.data));
  socket.onclose = () => {
    if (fatal) return;
    say(t('reconnecting'), true);
    setTimeout(connect, Math.min(5000, 500 * 2 ** retry++));
  };
}


function hello() {
  send({ type: 'hello', token: token || undefined });
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function say(text, error) {
  const m = $('message');
  m.textContent = text || '';
  m.className = 'message' + (error ? ' error' : '');
}

function announce(text) {
  if (text) $('announce').textContent = text;
}

function receive(msg) {
  if (msg.type === 'state' || msg.type === 'change') {
    const next = StateSync.apply(state, msg); // state-sync.js: the whole state from a change
    if (!next || next === state) return;
    if (state && next.version !== state.version && !fatal) say(''); // a refusal was about the game as it was
    state = next;
    retry = 0; // served: a later drop reconnects quickly again (a socket refused at once backs off)
    greeted = true;
    if (hints && !(state.phase === 'play' && hints.version === state.version)) hints = null;
    document.body.classList.remove('loading');
    timing.state = timing.state || performance.now();
    Clocks.update(state);
    // The server was down: the time is given back, and the players are told so until the next move.
    if (state.outageCredit && !fatal) say(t('outageCredit', Math.round(state.outageCredit / 1000)));
    Chat.seat(state.you, state.players.white.kind === 'computer' || state.players.black.kind === 'computer');
    queue.push(state);
    pump();
  } else if (msg.type === 'error') {
    if (msg.code === 'no-game') showFatal(t('gameNotFound'), false);
    else if (msg.code === 'conflict' && !greeted) {
      // The hello taking the invitation's seat met a play stored meanwhile by another server
      // process: nothing was taken, so the page simply says hello again, a little later each time.
      const sent = socket;
      setTimeout(() => { if (socket === sent && !greeted) hello(); }, Math.min(5000, 100 * 2 ** helloRetry++));
    }
    else if (msg.code === 'bad-token' && keptToken && keptToken !== token) {
      token = keptToken;
      remember(gameId, token);
      hello();
    } else if (msg.code === 'bad-token') showFatal(t('badTokenText'), true);
    else if (!Chat.refused(msg)) say(problemText(msg, board.viewer()), true); // a refused step names the player's own points
  } else if (msg.type === 'hint') {
    if (!state || msg.version !== state.version || state.phase !== 'play') return; // overtaken by the game
    hints = { version: msg.version, plays: msg.plays, chosen: 0 };
    if (shown) render(); else renderHints();
  } else if (msg.type === 'chat') Chat.receive(msg);
  else if (msg.type === 'seat') {
    // The invitation's seat is ours now, under a key of our own: the invitation link no longer seats anyone.
    token = msg.token;
    remember(gameId, token);
  } else if (msg.type === 'ok') say('');
}

/** Shows each state in turn, gliding the checkers of a play just made (not one laid down here). */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) {
      const next = queue.shift();
      const prev = shown;
      if (prev && !past.active && next.game === prev.game && speed() > 0
          && next.events.length === prev.events.length + 1) {
        const e = next.events[next.events.length - 1];
        const laidHere = e.side === prev.you && prev.steps && prev.steps.length;
        if (e.kind === 'turn' && !e.pass && !laidHere) {
          board.render(Object.assign({}, prev, { moves: null, events: next.events.slice(0, -1), dice: prev.dice }));
          await board.animate(playSteps(e.play), e.side, speed());
        }
      }
      shown = next;
      render();
      if (prev) noticeChanges(prev, next);
      else if (next.phase === 'over' && next.matchOver) loadReview(); // a finished game's link opens its review (review.js)
    }
  } finally {
    pumping = false;
  }
}

/** The side the board is seen from: the player's own; a spectator turns the board at will. */
let watchedFrom = 'white';
function viewer() { return (shown && shown.you) || watchedFrom; }
function lastTurn(s) { return [...(s.events || [])].reverse().find(e => e.kind === 'turn'); }

/** The last play, [from, to] in the viewer's frame: it stays marked until the next one. */
function lastMarks(s) {
  const e = lastTurn(s);
  if (!e || e.pass || !e.play) return [];
  return playSteps(e.play).map(([a, b]) => [viewPoint(a, e.side, viewer()), viewPoint(b, e.side, viewer()), e.side === viewer()]);
}

function name(side) {
  const p = shown.players[side];
  let who;
  if (p.kind === 'computer') who = t('levels.' + p.level);
  else if (p.name) who = shown.you === side ? t('nameYou', p.name) : p.name;
  else if (p.deleted) who = t('deletedPlayer');
  else if (!shown.you) who = t('player');
  else who = shown.you === side ? t('you') : t('opponent');
  return `${sideName(side)} (${who})`;
}

/** A side in the move list: with its player's name when the game has names ("White (Ann)"). */
function sideLabel(side) {
  const p = shown && shown.players[side];
  return p && p.name ? `${sideName(side)} (${p.name})` : sideName(side);
}

function mine() { return shown.you && shown.turn === shown.you; }

function render() {
  const s = shown;
  // A spectator sees the board from the side it chose (the board reads an unseated viewer's side from seat).
  if (!past.active) board.render(s.you ? s : Object.assign({}, s, { seat: watchedFrom }), { marks: lastMarks(s) });
  if (hints && hints.plays && hints.plays.length && !past.active) board.arrows(playSteps(hints.plays[hints.chosen || 0].play), s.you, 'hint');
  const my = mine();
  const over = s.phase === 'over';
  document.body.classList.toggle('spectating', !s.you);
  document.body.classList.toggle('game-over', over);
  $('roll').textContent = t(s.phase === 'opening_throw' ? 'rollOpening' : 'roll');
  $('roll').disabled = !(s.you && ((s.phase === 'opening_throw' && s.players[s.you].kind === 'human') || (s.phase === 'roll' && my)));
  $('undo').disabled = !(my && s.phase === 'play' && s.steps && s.steps.length);
  $('confirm').disabled = !(my && s.phase === 'play' && (s.complete || forcedAsIs(s)));
  const vsComputer = s.players.white.kind === 'computer' || s.players.black.kind === 'computer';
  $('hint').hidden = !vsComputer;
  $('hint').disabled = !(my && s.phase === 'play');
  $('resign').disabled = !s.you || over;
  $('notation').disabled = !(my && s.phase === 'play');
  typedPlayHelp($('notation'), 'typePlay', s.you || 'white');
  $('choice').hidden = !(my && s.phase === 'opening_choice');
  if (!(my && s.phase === 'play') && !(practice.offered === s.version)) $('tutorBox').hidden = true;
  if (!$('choice').hidden) {
    const o = s.events[s.events.length - 1];
    $('choiceText').textContent = t('choice', diceName(Math.max(o.white, o.black) + '-' + Math.min(o.white, o.black)));
  }
  $('status').textContent = past.active && !review ? historyStatus() : status(my, over);
  $('guide').textContent = guide(s, my);
  const away = friendAway(s);
  $('inviteNote').textContent = away === 'invite' ? t('sendInvite') : away === 'left' ? t('friendLeft') : '';
  $('lostInfo').textContent = lostText(s);
  renderPlayers();
  showTutorSetting();
  renderMoves();
  renderHints();
  renderOver();
  $('recordLink').href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $('fair').textContent = s.seed ? `${t('seed')}: ${s.seed} · ${t('seedHash')}: ${s.seedHash}` : `${t('seedHash')}: ${s.seedHash}`;
  $('rulesLink').href = `rules.html#${encodeURIComponent(String(s.rules).split('+')[0])}`;
  renderInvite();
  scheduleAutomatic(s);
  if (!past.active) practiceAfterPlay(s);
  const myAction = s.you && !over && ((s.phase === 'opening_throw' && !$('roll').disabled) || my);
  document.title = myAction ? t('yourTurnTitle') : 'Jacquet';
}

// --- what the page does for the player when they let it (Settings): throw, play a forced play --
/** The pause before the page acts for the player: long enough to see the board before it changes. */
const AUTOMATIC_PAUSE_MS = 900;
let automatic = null; // { version, timer } of the action waiting its pause
let automaticSent = null; // { version, game } of the last action sent for the player: never twice on one state

/** On for a new player: only an explicit "off" in this browser turns each off. */
function automaticOn(what) { return localStorage.getItem('jacquet.' + what) !== 'off'; }

/**
 * Whether this browser's player has thrown the dice once by hand. Until then the page never
 * throws for them: a newcomer's very first game waits for their tap (issue 31, item 16: it threw
 * and played a forced play by itself within a second of the board appearing), and the guide
 * says so; from their first throw on, the settings' automatic throws and forced plays apply.
 */
function thrownByHand() { return localStorage.getItem('jacquet.thrownByHand') === 'yes'; }

/**
 * Throws the dice when only a throw can be done, and plays a forced play, after a pause, if the
 * settings allow; not while the player looks back through the history. Once per state: a newer
 * state cancels a pending action.
 */
function scheduleAutomatic(s) {
  const action = past.active || !s.you ? null
    : !$('roll').disabled && (s.phase === 'roll' || s.phase === 'opening_throw') && automaticOn('autoRoll') && thrownByHand() ? { type: 'roll' }
      : mine() && s.phase === 'play' && forcedAsIs(s) && automaticOn('autoForced') ? { type: 'play', play: s.legal[0] } : null;
  if (automatic && automatic.version === s.version && automatic.game === s.game && action) return; // already waiting
  if (automatic) clearTimeout(automatic.timer);
  // The same state sent again (someone arriving) while the action's answer is on its way asks for nothing more.
  const sentHere = automaticSent && automaticSent.version === s.version && automaticSent.game === s.game;
  automatic = action && !sentHere ? { version: s.version, game: s.game, timer: setTimeout(() => {
    automatic = null;
    if (state && state.version === s.version && state.game === s.game && !past.active) {
      automaticSent = { version: s.version, game: s.game };
      send(action);
    }
  }, AUTOMATIC_PAUSE_MS) } : null;
}

/** A forced play nobody has started to lay down: Confirm plays it as it is. */
function forcedAsIs(s) {
  return Boolean(s.forced && s.legal && s.legal.length === 1 && !(s.steps || []).length);
}

function resultText(s) {
  const r = s.result;
  const pts = plural('pointCount', r.points);
  let text = r.winner ? t('wins', sideName(r.winner), pts, t('reasons.' + r.reason) + (r.forfeit === 'timeout' ? t('byTimeout') : r.forfeit === 'claim' ? t('byClaim') : r.resigned ? t('byResignation') : ''))
    : t('lockedResult'); // a locked game: nobody can ever move, nobody wins
  if (s.matchOver && s.score.white !== s.score.black) {
    const w = s.score.white > s.score.black ? 'white' : 'black';
    text += ' ' + t('winsMatch', sideName(w), s.score[w], s.score[w === 'white' ? 'black' : 'white']);
  }
  return text;
}

function status(my, over) {
  const s = shown;
  // The tutor's question is what the game waits for (the computer waits for the answer, not the reverse).
  if (!$('tutorBox').hidden && !over) return t(practice.offered === s.version ? 'tutorAsksPractice' : 'tutorAsks');
  if (over) {
    // A player is told first whether they won: the colours are easily forgotten.
    const mineToo = s.you && s.result && s.result.winner ? t(s.result.winner === s.you ? 'youWin' : 'youLose') + ' ' : '';
    return mineToo + resultText(s);
  }
  const last = s.events.length ? s.events[s.events.length - 1] : null;
  if (s.phase === 'opening_throw') {
    if (last && last.kind === 'opening' && last.white === last.black) return t('openingTieStatus', last.white);
    return s.you ? t('openingHow') : t('toThrow', sideName('white'));
  }
  let prefix = '';
  // What the other side has just done, so that nobody has to read it off the board.
  if (last && last.kind === 'turn' && last.side !== s.you && !last.pass) {
    prefix = t('lastPlayed', sideName(last.side), diceName(last.dice, last.transferred), compactPlay(namePlay(last.play, last.side))) + ' ';
  } else if (last && last.kind === 'turn' && last.pass && lostText(s)) {
    prefix = t('lastPassed', sideName(last.side), diceName(last.dice, last.transferred)) + ' '; // the reasons: under the buttons
  }
  if (last && last.kind === 'opening' && last.white === last.black) {
    prefix = t('openingTiePlayStatus', last.white) + ' '; // Versailles: the tie is played by both sides
  } else if (last && last.kind === 'opening') {
    const w = last.white > last.black ? 'white' : 'black';
    prefix = t('openingWonStatus', sideName(w), Math.max(last.white, last.black), Math.min(last.white, last.black)) + ' ';
  }
  if (!s.you) return prefix + t(s.phase === 'play' ? 'toPlay' : 'toThrow', sideName(s.turn)) + ' — ' + t('spectator');
  if (!my) return prefix + t('waiting', name(s.turn));
  if (s.phase === 'play') {
    const dice = diceName(s.dice.text, s.dice.transferred);
    const partly = forcedAsIs(s) && playSteps(s.legal[0]).length < s.dice.steps; // part of the throw is lost
    return prefix + `${t('yourTurn')} — ${dice}` + (forcedAsIs(s) ? ' — ' + t(partly ? 'forcedPart' : 'forced', compactPlay(namePlay(s.legal[0], s.you))) : '');
  }
  return prefix + t('yourTurnRoll');
}

/** How to do what the player has to do now, for someone who has never played here. */
function guide(s, my) {
  if (!$('roll').disabled && !thrownByHand() && automaticOn('autoRoll')) return t('firstThrow'); // the very first throw
  if (!my || s.phase !== 'play' || forcedAsIs(s)) return '';
  if (s.complete) return t((s.diceLeft || []).length ? 'confirmHowPart' : 'confirmHow');
  return (s.steps || []).length ? t('moveOn') : t('moveHow');
}

/** Why the last throw (or a die of it) could not be played, its points named as the move list names them. */
function lostText(s) {
  const l = s.lost;
  if (!l || s.phase === 'over' || (s.phase === 'play' && !(s.dice && s.dice.transferred))) return '';
  const what = l.pass ? diceName(l.dice) : l.unused.map(dieName).join(', ');
  const reasons = (l.reasons || []).slice(0, 3).map(r => problemText(r, l.side)).join(' ');
  return t(l.pass ? 'lostDice' : 'lostSome', sideName(l.side), what) + (reasons ? t('because', reasons) : '.');
}

function renderPlayers() {
  const s = shown;
  const box = $('players');
  box.innerHTML = '';
  for (const side of ['white', 'black']) {
    const p = s.players[side];
    const pos = s.position[side];
    const row = document.createElement('div');
    row.className = 'player-row' + (s.turn === side && s.phase !== 'over' ? ' to-act' : '');
    const who = document.createElement('span');
    const dot = document.createElement('span');
    dot.className = 'dot' + (p.connected ? ' on' : '');
    dot.title = t(p.connected ? 'connected' : 'away');
    who.append(dot, document.createTextNode(name(side)));
    if (p.rating) {
      // The player's rating in the game's pool, as read when the game was loaded ("1338 ± 290", "?" while provisional).
      const r = document.createElement('span');
      r.className = 'help player-rating';
      r.textContent = ' ' + ratingText(p.rating);
      if (p.rating.provisional) r.title = t('provisional');
      who.appendChild(r);
    }
    const info = document.createElement('span');
    info.textContent = `${pos.pips} ${t('pips')} · ${pos.off} ${t('off')}`;
    row.append(who, info);
    box.appendChild(row);
  }
  const score = document.createElement('div');
  score.className = 'player-row';
  const a = document.createElement('span');
  a.textContent = `${t('score')} : ${s.score.white}–${s.score.black}`.replace(' :', lang() === 'fr' ? ' :' : ':');
  const b = document.createElement('span');
  b.textContent = `${t('matchTo', s.matchLength)} · ${t('game', s.game)}`;
  score.append(a, b);
  const rules = document.createElement('div');
  rules.className = 'player-row';
  rules.textContent = rulesName(s.rules);
  box.append(score, rules);
  if (s.practice) {
    const badge = document.createElement('div');
    badge.className = 'player-row practice-badge';
    badge.textContent = t('practiceGame');
    box.append(badge);
  }
}

/** One line of the move list, points named as Settings say (namePlay). */
function eventText(e) {
  if (e.kind === 'opening') {
    const tie = e.white === e.black ? (shown && shown.openingTie === 'both-play' ? t('tiePlayed', e.white) : t('tie')) : null;
    return t('openingThrow', e.white, e.black) + ' — ' + (tie || t('starts', sideLabel(e.white > e.black ? 'white' : 'black')));
  }
  if (e.kind === 'choice') return t(e.throwAgain ? 'throwAgain' : 'playsOpening', sideLabel(e.side));
  if (e.kind === 'turn') {
    return e.pass ? t('passes', sideLabel(e.side), diceName(e.dice, e.transferred))
      : t('plays', sideLabel(e.side), e.dice, compactPlay(namePlay(e.play, e.side)));
  }
  if (e.kind === 'resign') {
    // A game lost on time or claimed is stored as a resignation: the result says which.
    const forfeit = shown && shown.result && shown.events[shown.events.length - 1] === e ? shown.result.forfeit : null;
    return t(forfeit === 'timeout' ? 'flagFalls' : forfeit === 'claim' ? 'claimed' : 'resigns', sideLabel(e.side));
  }
  return '';
}

function renderMoves() {
  const ol = $('moves');
  ol.innerHTML = '';
  let n = 0;
  shown.events.forEach((e, i) => {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'n';
    if (e.kind === 'turn') num.textContent = ++n + '.';
    li.append(num, document.createTextNode(eventText(e)));
    if (e.kind === 'turn') {
      li.dataset.turn = n;
      li.tabIndex = -1;
      li.classList.add('turn-line');
      if (past.active && past.index === n) li.classList.add('current');
    }
    ol.appendChild(li);
  });
  if (!past.active) ol.scrollTop = ol.scrollHeight;
}

function renderHints() {
  const box = $('hints');
  box.innerHTML = '';
  if (!hints || !hints.plays) return;
  const title = document.createElement('strong');
  title.textContent = t('hintTitle');
  const ol = document.createElement('ol');
  for (const [i, p] of hints.plays.slice(0, 5).entries()) {
    const li = document.createElement('li');
    // Each suggestion is drawn on the board when chosen (the first at once).
    li.tabIndex = 0;
    li.className = 'hint-play' + (i === (hints.chosen || 0) ? ' current' : '');
    li.addEventListener('click', () => { hints.chosen = i; render(); });
    li.addEventListener('keydown', e => { if (e.key === 'Enter') { e.stopPropagation(); hints.chosen = i; render(); } });
    li.textContent = `${compactPlay(namePlay(p.play, shown.you)) || t('passWord')}  ${decimal(p.equity, 3, true)}  ${percent(p.win)}`;
    ol.appendChild(li);
  }
  box.append(title, ol);
}

/**
 * A friend game whose friend is not here, while this page holds the link that invited them:
 * 'invite' while the friend has never come (the link is to be sent), 'left' once they have
 * taken their seat and gone (they come back with their own link), else null.
 */
function friendAway(s) {
  const entry = savedGames().find(g => g.id === gameId);
  const them = s.you === 'white' ? 'black' : 'white';
  if (!(s.you && entry && entry.invite && s.phase !== 'over' && s.players[them].kind === 'human' && !s.players[them].connected)) return null;
  return s.players[them].joined ? 'left' : 'invite';
}

/** The invitation link, while its seat is not taken (then only its holder's own link seats them). */
function renderInvite() {
  const entry = savedGames().find(g => g.id === gameId);
  const them = shown.you === 'white' ? 'black' : 'white';
  const showInvite = entry && entry.invite && shown.phase !== 'over' && !shown.players[them].joined;
  $('inviteBox').hidden = !showInvite;
  if (showInvite) $('inviteLink').value = `${location.origin}/game.html#g=${gameId}&t=${entry.invite}`;
  $('spectateLink').value = `${location.origin}/game.html#g=${gameId}`;
}

function renderOver() {
  const s = shown;
  const over = s.phase === 'over';
  $('overPanel').hidden = !over;
  if (!over) return;
  // The result is the status line just above: the panel says only what comes next.
  $('overText').hidden = true;
  $('next').hidden = !(s.you && !s.matchOver);
  $('rematch').hidden = !(s.you && s.matchOver && !s.rematch);
  $('rematchReady').hidden = !s.rematch;
  // A player plays the rematch; a spectator may only watch it (its page has no seat there).
  $('rematchOffered').dataset.t = s.you ? 'rematchOffered' : 'rematchWatched';
  $('openRematch').dataset.t = s.you ? 'openRematch' : 'watchRematch';
  $('rematchOffered').textContent = t($('rematchOffered').dataset.t);
  $('openRematch').textContent = t($('openRematch').dataset.t);
}

/** What changed between two states, said aloud (ARIA live region) and by the tab. */
function noticeChanges(prev, next) {
  const me = viewer();
  if (next.events.length > prev.events.length && next.game === prev.game) {
    const e = next.events[next.events.length - 1];
    if (e.kind === 'turn') announce(e.pass ? lostText(next) : t('announcePlay', sideName(e.side), compactPlay(namePlay(e.play, e.side))));
    else announce(eventText(e));
  }
  if (next.phase === 'play' && (prev.phase !== 'play' || prev.version !== next.version) && next.dice && !(next.steps || []).length
      && (prev.phase !== 'play' || prev.turn !== next.turn || prev.dice === null)) {
    announce(t('announceDice', sideName(next.turn), diceName(next.dice.text, next.dice.transferred)));
  }
  const myTurnNow = next.you && next.turn === next.you && (next.phase === 'roll' || next.phase === 'play') && next.phase !== 'over';
  const myTurnBefore = prev.you && prev.turn === prev.you && (prev.phase === 'roll' || prev.phase === 'play');
  if (myTurnNow && !myTurnBefore) chime();
}

/** One audio context for the page, made (and so allowed to sound) when the player turns the sound on. */
let audio = null;
function audioContext() {
  if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
  if (audio.state === 'suspended') audio.resume();
  return audio;
}

/** A short tone of {@code hz}, fading out over {@code seconds}. */
function tone(hz, volume, seconds) {
  try {
    const ctx = audioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = hz;
    g.gain.setValueAtTime(volume, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + seconds);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + seconds + 0.05);
  } catch (e) { /* no sound here */ }
}

/** A short tone when it becomes the player's turn (if the sound is on). */
function chime() {
  if (localStorage.getItem('jacquet.sound') === 'on') tone(660, 0.15, 0.35);
}

function showFatal(text, offerWatch) {
  fatal = true;
  document.body.classList.remove('loading');
  document.body.classList.add('fatal');
  $('fatalText').textContent = text;
  $('watch').hidden = !offerWatch;
  if (socket) socket.close();
}

// --- history: a live or finished game's turns, read-only, from the moves written -----------
const past = { active: false, index: 0 };

function turnsOf(s) { return s.events.filter(e => e.kind === 'turn'); }

/** Shows the board after turn {@code n} (0 = before the first), computed from the plays. */
function showHistory(n) {
  const s = shown;
  const turns = turnsOf(s);
  if (!s.start || n >= turns.length) { leaveHistory(); return; }
  past.active = true;
  past.index = Math.max(0, n);
  const pos = JSON.parse(JSON.stringify(s.start));
  for (const e of turns.slice(0, past.index)) {
    for (const [from, to] of playSteps(e.play)) {
      const side = pos[e.side];
      side.points[from]--;
      if (to >= 25) side.off++; else side.points[to]++;
      if (side.postilion === from) side.postilion = to < 19 ? to : null;
    }
  }
  const e = turns[past.index - 1];
  const view = Object.assign({}, s, { position: pos, phase: 'history', moves: null, dice: null, events: s.events.slice(0, s.events.indexOf(e) + 1), lost: null });
  const marks = e && !e.pass ? playSteps(e.play).map(([a, b]) => [viewPoint(a, e.side, viewer()), viewPoint(b, e.side, viewer()), e.side === viewer()]) : [];
  board.render(view, { marks });
  $('historyBar').hidden = false;
  // "Analyse this position": the board before the next turn, with that turn's dice.
  const nextTurn = turns[past.index];
  $('analyseLink').hidden = !nextTurn || String(nextTurn.dice).startsWith('+');
  if (nextTurn) {
    $('analyseLink').href = `/#analyse=${encodeURIComponent(Positions.write(pos, nextTurn.side))}&dice=${encodeURIComponent(nextTurn.dice)}&rules=${encodeURIComponent(s.rules)}`;
  }
  $('historyText').textContent = t('historyAt', past.index, turns.length);
  $('status').textContent = historyStatus();
  renderMoves();
}

/** The status while the board shows an earlier turn: which, and what was played then. */
function historyStatus() {
  const turns = turnsOf(shown);
  if (!past.index) return t('historyStart');
  return t('historyStatus', past.index, turns.length, eventText(turns[past.index - 1]));
}

function leaveHistory() {
  past.active = false;
  $('historyBar').hidden = true;
  if (shown) render();
}

function stepHistory(delta) {
  if (!shown || !shown.start) return;
  const total = turnsOf(shown).length;
  const from = past.active ? past.index : total;
  const to = Math.max(0, Math.min(total, from + delta));
  if (to >= total) leaveHistory(); else showHistory(to);
}

// --- actions -------------------------------------------------------------------------------
$('roll').onclick = () => { localStorage.setItem('jacquet.thrownByHand', 'yes'); send({ type: 'roll' }); };
$('undo').onclick = () => send({ type: 'undo' });
$('confirm').onclick = () => {
  if (state && forcedAsIs(state)) send({ type: 'play', play: state.legal[0] });
  else withTutor(null, () => send({ type: 'confirm' }));
};
$('hint').onclick = () => send({ type: 'hint' });
$('turnBoard').onclick = () => { watchedFrom = watchedFrom === 'white' ? 'black' : 'white'; if (shown) render(); };
$('saveImage').onclick = () => BoardImage.download($('board'), `jacquet-${gameId}-${shown ? turnsOf(shown).length : 0}`)
  .catch(e => say(e.message, true));
$('resign').onclick = () => {
  const stake = shown.resignStake;
  $('resignBox').hidden = false;
  $('resignText').textContent = t('resignAsk', sideName(shown.you === 'white' ? 'black' : 'white'),
    plural('pointCount', stake.points), t('reasons.' + stake.reason));
  $('resignNo').focus();
};
/** Closes the resign question; the focus goes back to the button that opened it. */
function closeResign() {
  if ($('resignBox').hidden) return;
  $('resignBox').hidden = true;
  $('resign').focus();
}
$('resignNo').onclick = closeResign;
$('resignYes').onclick = () => { $('resignBox').hidden = true; send({ type: 'resign' }); };
$('next').onclick = () => send({ type: 'next' });
$('playOpening').onclick = () => send({ type: 'choose', throwAgain: false });
$('throwAgain').onclick = () => send({ type: 'choose', throwAgain: true });
$('watch').onclick = () => {
  forget(gameId);
  if (location.hash === '#g=' + gameId) location.reload(); else location.hash = 'g=' + gameId;
};
$('historyLive').onclick = () => leaveHistory();
$('rematch').onclick = async () => {
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: 'POST', headers: { Authorization: 'Bearer ' + token } });
  const data = await res.json();
  if (!res.ok) { say(problemText(data), true); return; }
  openRematch(data.id);
};
$('openRematch').onclick = () => openRematch(shown.rematch);
function openRematch(id) {
  if (token) remember(id, token); // a spectator's page keeps no seat, so no game of its own
  location.hash = 'g=' + id;
}
$('moves').addEventListener('click', e => {
  const li = e.target.closest('li[data-turn]');
  if (li) showHistory(Number(li.dataset.turn));
});
for (const [button, input] of [['copyInvite', 'inviteLink'], ['copySpectate', 'spectateLink']]) {
  $(button).onclick = async () => {
    const text = $(input).value;
    try { await navigator.clipboard.writeText(text); } catch (e) { $(input).select(); document.execCommand('copy'); }
    $(button).textContent = t('copied');
    setTimeout(() => { $(button).textContent = t('copy'); }, 1500);
  };
}
$('notation').addEventListener('keydown', e => {
  if (e.key === 'Enter' && e.target.value.trim()) {
    const play = e.target.value.trim();
    withTutor(play, () => send({ type: 'play', play, naming: pointNaming() })); // read by the server in the naming shown
    e.target.value = '';
    e.target.blur();
    e.stopPropagation();
  } else if (e.key === 'Escape') {
    e.target.blur();
    e.stopPropagation();
  }
});
document.addEventListener('keydown', e => {
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || !shown || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') { closeResign(); if (past.active) leaveHistory(); return; }
  if (!$('tutorBox').hidden) return;
  if (tag === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return; // the button itself acts
  if (!$('resignBox').hidden) return;
  const click = id => { if (!$(id).disabled && !$(id).hidden) { $(id).click(); e.preventDefault(); } };
  if (e.key === 'r') click('roll');
  else if (e.key === 'u') click('undo');
  else if (e.key === 'Enter' || e.key === 'c') click('confirm');
  else if (e.key === 'h') click('hint');
  else if (e.key === '/') { if (!$('notation').disabled) { e.preventDefault(); $('notation').focus(); } }
  else if (e.key === 'ArrowLeft' && !(e.target.closest && e.target.closest('.hit'))) { e.preventDefault(); stepHistory(-1); }
  else if (e.key === 'ArrowRight' && !(e.target.closest && e.target.closest('.hit'))) { e.preventDefault(); stepHistory(1); }
  else if (e.key === 'End') leaveHistory();
});

// --- the tutor: before a play that gives up more than the threshold chosen, say so ----------
function tutorThreshold() {
  const v = localStorage.getItem('jacquet.tutor');
  const vsComputer = shown && (shown.players.white.kind === 'computer' || shown.players.black.kind === 'computer');
  if (shown && shown.practice) return v && v !== 'off' ? Number(v) : Number(TUTOR_LEVELS[1][0]); // practice: the tutor is on
  return vsComputer && v && v !== 'off' ? Number(v) : null;
}

/** Runs {@code act} (the play) at once, or after the player has seen the tutor's warning. */
async function withTutor(typed, act) {
  const threshold = shown && shown.practice ? null : tutorThreshold(); // practice: the tutor speaks after the play
  if (threshold === null) { act(); return; }
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/tutor`, { method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify(typed ? { play: typed, naming: pointNaming() } : {}) });
  const data = await res.json();
  if (!res.ok || data.lost <= threshold) { act(); return; }
  $('tutorText').textContent = t('tutorWarn', decimal(data.lost, 3), compactPlay(namePlay(data.best, shown.you)), compactPlay(namePlay(data.play, shown.you)));
  askTutor(shown.you, data.best);
  $('tutorPlay').onclick = () => { $('tutorBox').hidden = true; act(); };
  $('tutorBack').onclick = () => {
    $('tutorBox').hidden = true;
    for (let i = 0; i < ((state && state.steps) || []).length; i++) send({ type: 'undo' });
    render();
  };
}

/**
 * Shows the tutor's question with the best play's arrows; the status says what is awaited (the
 * player's answer). The focus goes to its answer without scrolling: on a phone the box stands
 * over the foot of the screen (app.css) and the board with its arrows stays in view.
 */
function askTutor(you, best) {
  $('tutorBox').hidden = false;
  board.arrows(playSteps(best), you, 'best');
  $('status').textContent = status(mine(), shown.phase === 'over');
  $('tutorBack').focus({ preventScroll: true });
}

// --- practice: after each play, the tutor's word; a doubtful play may be taken back -------------
const practice = { asked: null, offered: null }; // the versions asked about and offered back

/**
 * In a practice game, once the learner has played and before the computer throws (it waits),
 * asks the tutor about the play: a doubtful one is offered back with the best play's arrows;
 * otherwise, or once the learner keeps it, the computer is told to go on.
 */
async function practiceAfterPlay(s) {
  const computer = s.you === 'white' ? 'black' : 'white';
  if (!s.practice || !s.you || s.phase !== 'roll' || s.turn !== computer || practice.asked === s.version) return;
  practice.asked = s.version;
  const last = s.events[s.events.length - 1];
  const mine = last && last.kind === 'turn' && last.side === s.you && !last.pass;
  let data = null;
  if (mine) {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/tutor`, { method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify({ last: true }) });
    data = await res.json();
    if (!res.ok) data = null;
  }
  if (!state || state.version !== s.version) return; // the game moved on meanwhile
  if (!data || data.lost <= tutorThreshold()) { send({ type: 'go-on' }); return; }
  practice.offered = s.version;
  $('tutorText').textContent = t('practiceWarn', decimal(data.lost, 3), compactPlay(namePlay(data.best, shown.you)), compactPlay(namePlay(data.play, shown.you)));
  $('tutorPlay').textContent = t('practiceKeep');
  askTutor(s.you, data.best);
  const done = () => { practice.offered = null; $('tutorBox').hidden = true; $('tutorPlay').textContent = t('tutorPlay'); render(); };
  $('tutorPlay').onclick = () => { done(); send({ type: 'go-on' }); };
  $('tutorBack').onclick = () => { done(); send({ type: 'take-back' }); };
}

// --- settings ------------------------------------------------------------------------------
/** The tutor's thresholds (the equity a play may give up) and their words' keys. */
const TUTOR_LEVELS = [['off', 'off'], ['0.04', 'doubtful'], ['0.08', 'bad'], ['0.16', 'veryBad']];

function fillSettings() {
  const sp = $('speed');
  sp.innerHTML = '';
  for (const v of [0, 150, 350, 700]) sp.add(new Option(t('speeds.' + v), v));
  sp.value = String(localStorage.getItem('jacquet.speed') || 350);
  const th = $('theme');
  th.innerHTML = '';
  for (const v of ['auto', 'light', 'dark']) th.add(new Option(t('themes.' + v), v));
  th.value = localStorage.getItem('jacquet.theme') || 'auto';
  const tu = $('tutor');
  tu.innerHTML = '';
  for (const [v, words] of TUTOR_LEVELS) tu.add(new Option(t('tutorLevels.' + words), v));
  showTutorSetting();
  fillPointNamings($('points'));
  $('labels').checked = board.labels;
  $('autoRoll').checked = automaticOn('autoRoll');
  $('autoForced').checked = automaticOn('autoForced');
  $('sound').checked = localStorage.getItem('jacquet.sound') === 'on';
  $('clockSound').checked = Clocks.soundOn();
}
$('speed').onchange = e => localStorage.setItem('jacquet.speed', e.target.value);
$('theme').onchange = e => { localStorage.setItem('jacquet.theme', e.target.value); applyTheme(); };
$('labels').onchange = e => { board.labels = e.target.checked; localStorage.setItem('jacquet.labels', e.target.checked ? 'on' : 'off'); if (shown) render(); };
$('tutor').onchange = e => { localStorage.setItem('jacquet.tutor', e.target.value); showTutorSetting(); };

/**
 * Settings › Tutor as the game uses it: in a practice game the tutor is on whatever was stored
 * (tutorThreshold), so the list shows the level it speaks at, "never" cannot be chosen there,
 * and a note says why — it said "never" while the game said "tutor on".
 */
function showTutorSetting() {
  const stored = localStorage.getItem('jacquet.tutor') || 'off';
  const inPractice = Boolean(shown && shown.practice);
  const tu = $('tutor');
  tu.value = inPractice && stored === 'off' ? TUTOR_LEVELS[1][0] : stored;
  tu.querySelector('option[value=off]').disabled = inPractice;
  $('tutorNote').textContent = inPractice ? t('tutorPractice') : '';
}
choosePointNaming($('points'), () => { if (shown) render(); if (typeof renderReview === 'function' && review) renderReview(); });
$('clockSound').onchange = e => {
  localStorage.setItem('jacquet.clockSound', e.target.checked ? 'on' : 'off');
  if (e.target.checked) { try { audioContext(); } catch (err) { /* no sound here */ } }
};
$('claim').onclick = () => send({ type: 'claim' });
// The clock's ticks may sound only after a click on the page (the browser's rule): the first one makes the audio context.
document.addEventListener('pointerdown', () => { if (Clocks.soundOn()) { try { audioContext(); } catch (err) { /* no sound here */ } } }, { once: true });
for (const what of ['autoRoll', 'autoForced']) {
  $(what).onchange = e => { localStorage.setItem('jacquet.' + what, e.target.checked ? 'on' : 'off'); if (shown) render(); };
}
$('sound').onchange = e => {
  localStorage.setItem('jacquet.sound', e.target.checked ? 'on' : 'off');
  if (e.target.checked) { try { audioContext(); } catch (err) { /* no sound here */ } } // a click: the browser lets it sound later
};
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); fillSettings(); Chat.render(); Clocks.draw(); if (shown) render(); if (typeof renderReview === 'function' && review) renderReview(); };

// The board stands up on a phone held upright.
const portrait = window.matchMedia('(orientation: portrait) and (max-width: 700px)');
board.setPortrait(portrait.matches);
portrait.addEventListener('change', () => { board.setPortrait(portrait.matches); if (shown) render(); });

/**
 * Connects once every script of the page has run: the first state may come before a later
 * script (review.js) is even loaded, and a finished game's state must find the review there.
 */
function start() {
  translatePage();
  fillSettings();
  Chat.start();
  if (!gameId) showFatal(t('noFragment'), false);
  else {
    if (params.get('t')) {
      remember(gameId, token);
      history.replaceState(null, '', location.pathname + '#g=' + encodeURIComponent(gameId));
    }
    connect();
  }
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
