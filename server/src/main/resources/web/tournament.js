// A tournament's page (docs/PROTOCOL.md, "Tournaments"): without an arena in its address, the form
// that creates one; with one (#a=ID), its standings and games, pushed by the server as they change
// (server-sent events: an open page is also its joined player's presence), and Join / Leave. When
// its player is paired, the page goes to the board with the seat token the arena gave it on
// joining (kept in this browser for the arena).
const $ = id => document.getElementById(id);
const TIMES = ['8+30', '12+60', '12+120'];
const PRESETS = ['modern', 'original', 'advanced', 'moultezim', 'versailles'];
const arenaId = new URLSearchParams(location.hash.slice(1)).get('a');
let last = null;

function tokenKey() { return 'jacquet.arena.' + arenaId; }

function fillForm() {
  const fill = (sel, values, label) => {
    const chosen = sel.value;
    sel.innerHTML = '';
    for (const v of values) sel.add(new Option(label(v), v));
    if (chosen) sel.value = chosen;
  };
  fill($('arenaTime'), TIMES, arenaTimeText);
  fill($('arenaRules'), PRESETS, p => t('presets.' + p));
}

async function poll() {
  try {
    last = await accountCall('GET', '/api/arenas/' + encodeURIComponent(arenaId));
    $('arenaError').textContent = '';
  } catch (e) {
    $('arenaError').textContent = e.code ? e.message : t('networkError');
    return;
  }
  shown();
}

/** The arena as it now stands: shown, and its player sent to the board if paired. */
function shown() {
  render();
  const game = last.me.game;
  const token = arenaToken(arenaId);
  if (game && token) arenaGo(arenaId, game.id, token);
}

/** The arena pushed as it changes (EventSource reconnects by itself when the stream drops). */
function listen() {
  const events = new EventSource('/api/arenas/' + encodeURIComponent(arenaId) + '/events');
  events.addEventListener('arena', ev => { last = JSON.parse(ev.data); $('arenaError').textContent = ''; shown(); });
}

function render() {
  if (!last) return;
  const a = last;
  $('arena').hidden = false;
  $('arenaName').textContent = a.name;
  document.title = 'Jacquet — ' + a.name;
  $('arenaWhat').textContent = `${t('arenaStatus.' + a.status)} · ${arenaTimeText(a.time)} · ${rulesName(a.rules)} · ${t('matchTo', a.match)} · ${t('arenaBy', a.host)}`;
  $('arenaWhen').textContent = a.status === 'scheduled' ? t('arenaStarts', arenaWhen(a.startsAt))
    : a.status === 'running' ? t('arenaRunsUntil', arenaWhen(a.endsAt)) : t('arenaEnded', arenaWhen(a.endsAt));
  const over = a.status === 'finished';
  $('join').hidden = over || !a.me.account || a.me.joined;
  $('leave').hidden = over || !a.me.joined;
  $('arenaNote').textContent = !a.me.account && !over ? t('arenaSignIn') : a.me.joined && !over ? t('arenaJoined') : '';
  $('arenaOutcome').textContent = a.outcome ? problemText({ code: a.outcome, params: {} }) : '';
  $('yourGame').hidden = !a.me.game;
  if (a.me.game) $('yourGame').href = `game.html#g=${encodeURIComponent(a.me.game.id)}`;
  const body = $('standings');
  body.textContent = '';
  for (const s of a.standings) {
    const tr = document.createElement('tr');
    const name = s.name + (s.fire ? ' 🔥' : '') + (s.joined ? '' : ` (${t('arenaLeft')})`);
    for (const text of [String(s.rank), name, String(s.points), String(s.wins), String(s.games), String(s.rating)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    if (s.fire) tr.title = t('arenaFire');
    body.appendChild(tr);
  }
  $('noPlayers').hidden = a.standings.length > 0;
  const ul = $('arenaGames');
  ul.textContent = '';
  for (const g of a.games) {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const link = document.createElement('a');
    link.href = `game.html#g=${encodeURIComponent(g.id)}`;
    const score = g.playing ? t('arenaPlaying') : `${g.winner === 'white' ? '+' + g.whitePoints : '0'} – ${g.winner === 'black' ? '+' + g.blackPoints : '0'}`;
    link.textContent = `${g.white} – ${g.black} · ${score} · ${g.playing ? t('arenaWatch') : t('arenaReview')}`;
    li.appendChild(link);
    ul.appendChild(li);
  }
  if (!a.games.length) { const li = document.createElement('li'); li.className = 'help'; li.textContent = t('arenaNoGames'); ul.appendChild(li); }
}

$('join').onclick = async () => {
  try {
    const r = await accountCall('POST', `/api/arenas/${encodeURIComponent(arenaId)}/join`);
    localStorage.setItem(tokenKey(), r.token);
    poll();
  } catch (e) { $('arenaError').textContent = e.message; }
};
$('leave').onclick = async () => {
  try {
    await accountCall('POST', `/api/arenas/${encodeURIComponent(arenaId)}/leave`);
    poll();
  } catch (e) { $('arenaError').textContent = e.message; }
};
$('createForm').onsubmit = async ev => {
  ev.preventDefault();
  const start = $('arenaStartInput').value;
  try {
    const a = await accountCall('POST', '/api/arenas', {
      name: $('arenaNameInput').value, start: start ? new Date(start).toISOString() : 'now',
      minutes: Number($('arenaMinutesInput').value), time: $('arenaTime').value, rules: $('arenaRules').value,
      match: Number($('arenaMatch').value), private: $('arenaPrivate').checked,
    });
    location.hash = 'a=' + a.id;
    location.reload();
  } catch (e) { $('createError').textContent = e.message; }
};
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); fillForm(); render(); accountHeader(); };

translatePage();
if (arenaId) {
  poll(); // an unknown arena is said at once (the stream is refused)
  listen();
} else {
  $('create').hidden = false;
  fillForm();
}
