// A game an arena paired, opened from the tournament's page: a link back to that page in the
// header; and, as on lichess, the arena followed from here — once this match is over and the
// player is paired again, the page goes on to the next game by itself (its polls also tell the
// server the player is still there).
(() => {
  const POLL_MS = 2000;
  const game = new URLSearchParams(location.hash.slice(1)).get('g');
  const arena = game && sessionStorage.getItem('jacquet.arenaOf.' + game);
  if (!arena) return;
  const a = document.createElement('a');
  a.id = 'arenaBack';
  a.href = 'tournament.html#a=' + encodeURIComponent(arena);
  const words = () => { a.textContent = t('arenaBack'); a.title = t('arenaBackTitle'); };
  words();
  const right = document.querySelector('header .right');
  right.insertBefore(a, right.firstChild);
  document.getElementById('lang').addEventListener('click', words);
  const timer = setInterval(async () => {
    try {
      const res = await fetch('/api/arenas/' + encodeURIComponent(arena));
      if (!res.ok) return;
      const view = await res.json();
      const next = view.me.game;
      const token = arenaToken(arena);
      if (next && next.id !== game && token) { clearInterval(timer); arenaGo(arena, next.id, token); }
      if (view.status === 'finished' || !view.me.joined) clearInterval(timer);
    } catch (e) { /* the next poll tries again */ }
  }, POLL_MS);
})();
