// Where players meet (the top of the home page): this browser's player and its name, quick
// pairing, open and direct challenges, the games being played and who is online — all pushed
// by the server over the lobby socket (/ws/lobby, docs/PROTOCOL.md), never polled.
const Meet = (() => {
  const $ = id => document.getElementById(id);
  let me = null;
  let socket = null;
  let last = null;
  let retry = 1000;
  let waitingSince = 0;
  let waitTimer = null;

  /** The seat tokens of this tab's seeks, by seek id: a seek's token becomes its seat when it is taken. */
  function held() {
    try { return JSON.parse(sessionStorage.getItem('jacquet.seeks') || '{}'); } catch (e) { return {}; }
  }
  function hold(id, token) {
    const h = held();
    h[id] = token;
    sessionStorage.setItem('jacquet.seeks', JSON.stringify(h));
  }
  function release(id) {
    const h = held();
    delete h[id];
    sessionStorage.setItem('jacquet.seeks', JSON.stringify(h));
  }
  /** This tab's quick-pairing place, if it waits for an opponent. */
  function pooled() { return sessionStorage.getItem('jacquet.pool'); }

  /** "12+60" as a player reads it: 12 s a move + 1 min a match point; or untimed. */
  function timeText(time) {
    if (time === 'untimed') return t('untimed');
    if (/^\d+d$/.test(time)) return plural('daysAMove', parseInt(time, 10));
    const [d, r] = time.split('+').map(Number);
    const reserve = r % 60 === 0 ? t('minutes', r / 60) : t('seconds', r);
    return t('timeText', d, reserve);
  }

  async function call(method, path, body) {
    const res = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    const data = res.status === 204 ? {} : await res.json();
    if (!res.ok) throw data;
    return data;
  }

  function showError(where, e) { $(where).textContent = e && e.code ? problemText(e) : t('networkError'); }

  function go(gameId, token) {
    remember({ id: gameId, token, invite: null });
    location.href = `game.html#g=${gameId}`;
  }

  async function start() {
    fillTimes(TIME_PRESETS);
    try {
      me = await call('GET', '/api/me');
    } catch (e) { showError('meetError', e); return; }
    $('myName').textContent = me.name;
    document.dispatchEvent(new CustomEvent('jacquet:me', { detail: me })); // who this is, for the home page's other parts
    $('seekRatedBox').hidden = !me.account; // rated games are between two accounts
    if (me.account) { $('pairingComputer').dataset.t = 'pairingComputerRated'; translatePage(); }
    const ratedBox = () => { $('ratedBox').hidden = !me.account || $('opponent').value !== 'computer'; };
    $('opponent').addEventListener('change', ratedBox);
    ratedBox();
    connect();
  }

  function connect() {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/lobby`);
    socket.onopen = () => { retry = 1000; socket.send(JSON.stringify({ type: 'hello' })); };
    socket.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      // The first lobby message after hello is whole; the next ones carry only the sections that changed.
      if (msg.type === 'lobby') { last = Object.assign(last || {}, msg); render(); }
      else if (msg.type === 'start') started(msg);
      else if (msg.type === 'error') showError('meetError', msg);
    };
    socket.onclose = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 10000); };
  }

  /** One of this tab's seeks became a game: to the board, with the seat token made when it was posted. */
  function started(msg) {
    const token = held()[msg.seek];
    if (!token) return;
    release(msg.seek);
    if (pooled() === msg.seek) sessionStorage.removeItem('jacquet.pool');
    go(msg.game, token);
  }

  function render() {
    if (!last) return;
    $('online').textContent = t('online', last.online);
    fillTimes(last.timeControls || TIME_PRESETS);
    renderSeeks($('seeks'), last.seeks, t('noChallenges'));
    renderSeeks($('direct'), last.direct || [], null);
    renderPlayed();
    renderPairing();
  }

  /**
   * The server's time-control presets (TimeControl.PRESETS, kept equal by a test): the selects
   * show them from the first paint, before the lobby socket's first message says its own.
   */
  const TIME_PRESETS = ['8+30', '12+60', '12+120', 'untimed'];

  /** Days a move, for challenges between accounts (never quick pairing: it is for live games). */
  const CORRESPONDENCE = ['1d', '2d', '3d', '5d', '7d', '14d'];

  function fillTimes(live) {
    for (const id of ['timeControl', 'seekTime']) {
      const times = id === 'seekTime' && me && me.account ? live.concat(CORRESPONDENCE) : live;
      const sel = $(id);
      const chosen = sel.value || '12+60';
      // Rebuilt only when the list or its words (the language) changed: an open select is left alone.
      if ([...sel.options].map(o => o.value + o.text).join() === times.map(x => x + timeText(x)).join()) continue;
      sel.innerHTML = '';
      for (const time of times) sel.add(new Option(timeText(time), time));
      sel.value = times.includes(chosen) ? chosen : times[0];
    }
  }

  /** A player's rating beside its name ("1338 ± 290", "?" while provisional). */
  function ratingSpan(r) {
    const span = document.createElement('span');
    span.className = 'help player-rating';
    span.textContent = ' ' + ratingText(r);
    if (r.provisional) span.title = t('provisional');
    return span;
  }

  function renderSeeks(ul, seeks, empty) {
    ul.innerHTML = '';
    if (!seeks.length && empty) { const li = document.createElement('li'); li.textContent = empty; ul.appendChild(li); return; }
    const mine = held();
    for (const s of seeks) {
      const li = document.createElement('li');
      li.className = 'seek';
      li.dataset.seek = s.id;
      const who = document.createElement('strong');
      who.textContent = s.poster;
      li.appendChild(who);
      if (s.posterRating) li.appendChild(ratingSpan(s.posterRating)); // in the seek's pool
      const what = document.createElement('span');
      const side = s.colour === 'random' ? '' : ' · ' + t('posterPlays', t(s.colour));
      const rated = s.rated ? ' · ' + t('ratedMark') : '';
      what.textContent = ` ${rulesName(s.rules)} · ${t('matchTo', s.match)} · ${timeText(s.time)}${side}${rated}`;
      li.appendChild(what);
      if (s.kind === 'direct') {
        const to = document.createElement('span');
        to.className = 'help';
        to.textContent = ' → ' + s.target;
        li.appendChild(to);
      }
      const ours = mine[s.id] || s.poster === me.name;
      const b = document.createElement('button');
      b.type = 'button';
      if (ours) {
        b.textContent = t('cancel');
        b.className = 'cancel';
        b.onclick = () => withdraw(s.id);
      } else {
        b.textContent = t('accept');
        b.className = 'primary accept';
        b.onclick = () => accept(s.id);
      }
      li.appendChild(b);
      if (!ours && s.kind === 'direct') {
        const no = document.createElement('button');
        no.type = 'button';
        no.className = 'decline';
        no.textContent = t('decline');
        no.onclick = () => withdraw(s.id);
        li.appendChild(no);
      }
      ul.appendChild(li);
    }
  }

  function renderPlayed() {
    const ul = $('played');
    ul.innerHTML = '';
    if (!last.games.length) { const li = document.createElement('li'); li.textContent = t('noGamesPlayed'); ul.appendChild(li); return; }
    for (const g of last.games) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `game.html#g=${g.id}`;
      // Each player's rating in the game's pool beside its name (none for a guest).
      const rated = (who, r) => r ? `${who} (${ratingText(r)})` : who;
      a.textContent = `${rated(g.white, g.whiteRating)} – ${rated(g.black, g.blackRating)} ${g.whiteScore}–${g.blackScore} · ${rulesName(g.rules)} · ${t('matchTo', g.match)} · ${timeText(g.time)}`;
      const eye = document.createElement('span');
      eye.className = 'help spectators';
      eye.textContent = ' ' + t('spectators', g.spectators);
      li.append(a, eye);
      ul.appendChild(li);
    }
  }

  function renderPairing() {
    const id = pooled();
    $('pairing').hidden = !id;
    $('playNow').disabled = !!id;
    if (!id) return;
    const time = sessionStorage.getItem('jacquet.poolTime');
    const others = last ? Math.max(0, (last.pools[time] || 1) - 1) : 0; // before the lobby's first word, nobody known
    $('pairingText').textContent = t('lookingFor', timeText(time), others);
    $('pairingComputer').hidden = Date.now() - waitingSince < 30000;
  }

  async function playNow() {
    $('meetError').textContent = '';
    const time = $('timeControl').value;
    try {
      const posted = await call('POST', '/api/pairing', { time });
      hold(posted.id, posted.token);
      sessionStorage.setItem('jacquet.pool', posted.id);
      sessionStorage.setItem('jacquet.poolTime', time);
      waitingSince = Date.now();
      clearInterval(waitTimer);
      waitTimer = setInterval(renderPairing, 1000);
      renderPairing();
    } catch (e) { showError('meetError', e); }
  }

  async function cancelPairing() {
    const id = pooled();
    sessionStorage.removeItem('jacquet.pool');
    clearInterval(waitTimer);
    renderPairing();
    if (id) { release(id); await withdraw(id); }
  }

  async function accept(id) {
    $('meetError').textContent = '';
    try {
      const joined = await call('POST', `/api/seeks/${encodeURIComponent(id)}/accept`);
      go(joined.game, joined.token);
    } catch (e) { showError('meetError', e); }
  }

  async function withdraw(id) {
    try { await call('DELETE', `/api/seeks/${encodeURIComponent(id)}`); release(id); } catch (e) { showError('meetError', e); }
  }

  async function post(e) {
    e.preventDefault();
    $('seekError').textContent = '';
    const body = { rules: $('seekRules').value, match: Number($('seekMatch').value || 1), time: $('seekTime').value, colour: $('seekColour').value };
    const to = $('seekTo').value.trim();
    if (to) body.to = to;
    if (me.account && $('seekRated').checked) body.rated = true;
    try {
      const posted = await call('POST', '/api/seeks', body);
      hold(posted.id, posted.token);
      $('postSeek').open = false;
    } catch (err) { showError('seekError', err); }
  }

  async function rename(e) {
    e.preventDefault();
    try {
      me = await call('POST', '/api/me/name', { name: $('nameInput').value });
      $('myName').textContent = me.name;
      $('renameForm').hidden = true;
      $('nameError').textContent = '';
    } catch (err) { showError('nameError', err); }
  }

  /** The new-game form below, made ready for a friend or the computer. */
  function newGame(opponent) {
    $('opponent').value = opponent;
    $('opponent').dispatchEvent(new Event('change'));
    $('newCard').scrollIntoView({ behavior: 'smooth', block: 'start' });
    (opponent === 'friend' ? $('start') : $('level')).focus({ preventScroll: true });
  }

  $('playNow').addEventListener('click', playNow);
  $('pairingCancel').addEventListener('click', cancelPairing);
  $('pairingComputer').addEventListener('click', async () => {
    const time = sessionStorage.getItem('jacquet.poolTime') || $('timeControl').value;
    await cancelPairing();
    if (me && me.account) ratedAgainstNearest(time); else newGame('computer');
  });

  /**
   * Nobody came: a signed-in player gets a rated game, at the time control asked for, against the
   * level of the computer rated nearest to them in that pool (1500 for a first game there).
   */
  async function ratedAgainstNearest(time) {
    try {
      const pool = time === 'untimed' ? 'untimed' : 'timed';
      const [levels, profile] = await Promise.all([call('GET', '/api/levels'), call('GET', '/api/players/' + encodeURIComponent(me.name))]);
      const own = (profile.ratings || []).find(r => r.category === pool);
      const mine = own && own.rating ? own.rating : 1500;
      // Nearest in rating; among levels as near (all start at 1500), the intermediate one, the default.
      const gap = l => Math.abs(l.ratings[pool].rating - mine) + (l.level === 'intermediate' ? 0 : 0.5);
      const nearest = levels.levels.reduce((best, l) => (gap(l) < gap(best) ? l : best));
      const game = await call('POST', '/api/games', { opponent: 'computer', level: nearest.level, rated: true, time, match: 3 });
      go(game.id, game.token);
    } catch (e) { showError('meetError', e); }
  }
  $('playFriend').addEventListener('click', () => newGame('friend'));
  $('playComputer').addEventListener('click', () => newGame('computer'));
  $('playPractice').addEventListener('click', () => newGame('practice')); // the computer, the tutor on
  $('seekForm').addEventListener('submit', post);
  $('rename').addEventListener('click', () => {
    if (me && me.account) { location.href = 'account.html'; return; } // an account's name changes there, with its password
    $('renameForm').hidden = false; $('nameInput').value = me ? me.name : ''; $('nameInput').focus(); });
  $('renameCancel').addEventListener('click', () => { $('renameForm').hidden = true; $('nameError').textContent = ''; });
  $('renameForm').addEventListener('submit', rename);
  $('lang').addEventListener('click', () => { options($('seekRules'), PRESETS, p => t('presets.' + p)); render(); });
  options($('seekRules'), PRESETS, p => t('presets.' + p));
  if (pooled()) { waitingSince = Date.now(); waitTimer = setInterval(renderPairing, 1000); }
  start();
  return { timeText, me: () => me };
})();
