// A signed-in player's correspondence games, first on the home page: "Your turn" (the games
// waiting for them, the longest waiting first, with the time left), then the games waiting for
// their opponents; and their vacation (docs/PROTOCOL.md, /api/me/correspondence).
const Corres = (() => {
  const $ = id => document.getElementById(id);
  const REFRESH_MS = 60_000;
  let last = null;
  let received = 0;

  /** What is left until {@code deadline}, as the clock of a correspondence game shows it. */
  function left(deadline) {
    const m = Math.max(0, Math.floor((deadline - last.now - (performance.now() - received)) / 60000));
    const d = Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    return d > 0 ? t('daysHours', d, h) : h > 0 ? t('hoursMinutes', h, m % 60) : t('minutesOnly', m % 60);
  }

  function day(ms) { return new Date(ms).toLocaleDateString(lang()); }

  async function load() {
    let res;
    try { res = await fetch('/api/me/correspondence'); } catch (e) { return; }
    if (!res.ok) { $('corres').hidden = true; return; } // a guest: correspondence is between accounts
    last = await res.json();
    received = performance.now();
    render();
  }

  function item(g) {
    const li = document.createElement('li');
    li.className = 'corres-game' + (g.yourTurn ? ' your-turn' : '');
    li.dataset.game = g.id;
    const a = document.createElement('a');
    a.href = `game.html#g=${encodeURIComponent(g.id)}`;
    a.textContent = t('corresVs', g.opponent || '?');
    const what = document.createElement('span');
    const parts = [rulesName(g.rules), t('matchTo', g.match), plural('daysAMove', parseInt(g.time, 10))];
    if (g.rated) parts.push(t('corresRated'));
    what.textContent = ' · ' + parts.join(' · ');
    const when = document.createElement('span');
    when.className = 'corres-left';
    when.textContent = ' · ' + (g.deadline ? t('corresLeft', left(g.deadline)) : t('corresOpening'));
    li.append(a, what, when);
    if (g.opponentAwayUntil) {
      const away = document.createElement('p');
      away.className = 'help';
      away.textContent = t('opponentAway', g.opponent, day(g.opponentAwayUntil));
      li.appendChild(away);
    }
    return li;
  }

  function fill(ul, games, empty) {
    ul.innerHTML = '';
    for (const g of games) ul.appendChild(item(g));
    if (!games.length) { const li = document.createElement('li'); li.className = 'help'; li.textContent = t(empty); ul.appendChild(li); }
  }

  function render() {
    if (!last) return;
    $('corres').hidden = false;
    fill($('yourTurn'), last.games.filter(g => g.yourTurn), 'noneYourTurn');
    fill($('theirTurn'), last.games.filter(g => !g.yourTurn), 'noneTheirTurn');
    const v = last.vacation;
    $('vacationLine').textContent = v.until ? t('vacationUntil', day(v.until)) : plural('vacationHelp', v.daysLeft, v.daysAYear);
    $('vacationForm').hidden = !!v.until || v.daysLeft < 1;
    $('vacationDaysInput').max = v.daysLeft;
    const waiting = last.games.filter(g => g.yourTurn).length;
    document.title = (waiting ? `(${waiting}) ` : '') + 'Jacquet';
  }

  async function takeVacation(ev) {
    ev.preventDefault();
    $('vacationError').textContent = '';
    const res = await fetch('/api/me/vacation', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: Number($('vacationDaysInput').value) }) });
    const body = await res.json();
    if (!res.ok) { $('vacationError').textContent = problemText(body); return; }
    load();
  }

  function start() {
    $('vacationForm').onsubmit = takeVacation;
    load();
    setInterval(load, REFRESH_MS);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) load(); });
  }

  return { start, render, load };
})();
document.getElementById('lang').addEventListener('click', () => Corres.render());
// Signed-in players only (a guest has no correspondence games): started once the lobby knows who this is.
(() => {
  const startFor = me => { if (me && me.account) Corres.start(); };
  if (Meet.me()) startFor(Meet.me());
  else document.addEventListener('jacquet:me', e => startFor(e.detail), { once: true });
})();
