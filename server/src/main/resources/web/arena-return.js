// A game an arena paired, opened from the tournament's page: a link back to that page in the
// header; and, as on lichess, the arena followed from here (its pushed stream, which also tells
// the server the player is still there) — once this match is over and the player is paired
// again, the page goes on to the next game by itself.
(() => {
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
  const events = new EventSource('/api/arenas/' + encodeURIComponent(arena) + '/events');
  events.addEventListener('arena', ev => {
    const view = JSON.parse(ev.data);
    const next = view.me.game;
    const token = arenaToken(arena);
    if (next && next.id !== game && token) { events.close(); arenaGo(arena, next.id, token); }
    if (view.status === 'finished' || !view.me.joined) events.close();
  });
})();
