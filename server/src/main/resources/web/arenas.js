// The home page's tournaments: the arenas to come and running (GET /api/arenas), each with its
// time control and rules, a link to its page; and a link to create one.
const Arenas = (() => {
  const el = id => document.getElementById(id);
  let last = null;

  async function load() {
    try {
      const res = await fetch('/api/arenas');
      if (!res.ok) return;
      last = await res.json();
    } catch (e) { return; }
    render();
  }

  function render() {
    if (!last) return;
    const ul = el('arenaList');
    ul.innerHTML = '';
    if (!last.arenas.length) {
      const li = document.createElement('li');
      li.className = 'help';
      li.textContent = t('arenasNone');
      ul.appendChild(li);
    }
    for (const a of last.arenas) {
      const li = document.createElement('li');
      li.className = 'arena';
      li.dataset.arena = a.id;
      const link = document.createElement('a');
      link.href = `tournament.html#a=${encodeURIComponent(a.id)}`;
      link.textContent = a.name;
      const what = document.createElement('span');
      const when = a.status === 'running' ? t('arenaRunsUntil', arenaWhen(a.endsAt)) : t('arenaStarts', arenaWhen(a.startsAt));
      what.textContent = ` · ${arenaTimeText(a.time)} · ${rulesName(a.rules)} · ${t('matchTo', a.match)} · ${when}`;
      li.append(link, what);
      ul.appendChild(li);
    }
  }

  load();
  setInterval(load, 30_000);
  el('lang').addEventListener('click', render);
  return { render };
})();
