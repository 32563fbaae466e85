// The clocks of a timed game, and the claim of an untimed one. The server alone keeps time: each
// state carries each side's reserve as of the server's `now`, the running side and the free
// seconds left of its move; this page counts down from the moment it received them and starts
// again from the server's figures at every message, so a slow tab or a wrong system clock never
// shows more than a message's travel off. Nothing here is sent to the server.
const Clocks = (() => {
  /** In the last seconds of the viewer's own reserve: warning colour, and a short tick each second. */
  const WARN_MS = 10_000;
  let clock = null;
  let received = 0;
  let me = null;
  let bottom = 'white';
  let ticking = null;
  let lastTick = null;
  let absence = null;
  let vacations = null;

  function soundOn() { return localStorage.getItem('jacquet.clockSound') !== 'off'; }

  /** {@code side}'s reserve left now, as the server's figures say, counted on since they came. */
  function remaining(side) {
    if (!clock) return null;
    if (clock.running !== side) return clock[side];
    const elapsed = performance.now() - received;
    return Math.max(0, clock[side] - Math.max(0, elapsed - clock.delay));
  }

  function delayLeft() {
    if (!clock || !clock.running) return 0;
    return Math.max(0, clock.delay - (performance.now() - received));
  }

  /** A correspondence game's clock: days a move, no reserve. */
  const DAY_MS = 86_400_000;
  function correspondence() { return clock && clock.delayPerMove >= DAY_MS; }

  /** What is left of a correspondence move: "2 d 23 h", "5 h 12 min", "12 min". */
  function formatDays(ms) {
    const m = Math.floor(ms / 60000);
    const d = Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    if (d > 0) return t('daysHours', d, h);
    if (h > 0) return t('hoursMinutes', h, m % 60);
    return t('minutesOnly', m % 60);
  }

  /** m:ss, and tenths under ten seconds (every tenth counts then). */
  function format(ms) {
    if (ms < WARN_MS) return (Math.floor(ms / 100) / 10).toFixed(1).replace('.', lang() === 'fr' ? ',' : '.');
    const s = Math.ceil(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }

  function draw() {
    const top = bottom === 'white' ? 'black' : 'white';
    for (const [el, side] of [[$('clockTop'), top], [$('clockBottom'), bottom]]) {
      el.hidden = !clock;
      if (!clock) continue;
      const running = clock.running === side;
      if (correspondence()) {
        // Days a move, nothing carried over: the running side's days left, the other's days a move.
        el.classList.toggle('running', running);
        el.classList.remove('low');
        el.dataset.side = side;
        el.querySelector('.clock-side').textContent = sideName(side);
        el.querySelector('.clock-time').textContent = running ? formatDays(delayLeft()) : plural('daysAMove', clock.delayPerMove / DAY_MS);
        const away = vacations && vacations[side];
        el.querySelector('.clock-delay').textContent = away ? t('awayUntil', new Date(away).toLocaleDateString(lang())) : '';
        continue;
      }
      const ms = remaining(side);
      el.classList.toggle('running', running);
      el.classList.toggle('low', running && ms < WARN_MS);
      el.dataset.side = side;
      el.querySelector('.clock-side').textContent = sideName(side);
      el.querySelector('.clock-time').textContent = format(ms);
      const free = running ? delayLeft() : 0;
      el.querySelector('.clock-delay').textContent = free > 0 ? t('clockDelay', Math.ceil(free / 1000)) : '';
      if (running && side === me && ms < WARN_MS && ms > 0 && soundOn()) {
        const second = Math.ceil(ms / 1000);
        if (second !== lastTick) { lastTick = second; tick(); }
      }
    }
    drawAbsence();
  }

  /** A short tick (the page's one audio context, allowed once the player has clicked). */
  function tick() { tone(880, 0.12, 0.08); }

  /** An untimed game whose opponent left: when the player may claim it, then the button. */
  function drawAbsence() {
    const box = $('claimBox');
    if (!absence) { box.hidden = true; return; }
    const wait = Math.max(0, absence.claimAfter - absence.absentFor - (performance.now() - absence.received));
    box.hidden = false;
    $('claimText').textContent = wait > 0 ? t('claimIn', sideName(absence.side), Math.ceil(wait / 1000)) : t('claimNow', sideName(absence.side));
    $('claim').hidden = wait > 0;
  }

  /** A new state from the server: its clock and who is gone replace what was shown. */
  function update(state) {
    clock = state.clock || null;
    vacations = state.vacations || null;
    received = performance.now();
    me = state.you || null;
    bottom = state.you || 'white';
    const other = me === 'white' ? 'black' : 'white';
    const gone = me && state.claimAfter && state.players[other].absentFor !== undefined && state.phase !== 'over';
    absence = gone ? { side: other, absentFor: state.players[other].absentFor, claimAfter: state.claimAfter, received } : null;
    if (!clock || !clock.running) lastTick = null;
    draw();
    const moving = (clock && clock.running) || absence;
    if (moving && !ticking) ticking = setInterval(draw, correspondence() ? 30000 : 100);
    if (!moving && ticking) { clearInterval(ticking); ticking = null; }
  }

  return { update, draw, soundOn };
})();
