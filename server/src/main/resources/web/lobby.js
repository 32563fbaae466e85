// The lobby: a new game against the computer or a friend, and the games this browser holds seats in.
const LEVELS = ['beginner', 'intermediate', 'expert', 'world-class'];
const PRESETS = ['modern', 'original', 'advanced', 'moultezim', 'versailles'];

function saved() {
  try { return JSON.parse(localStorage.getItem('jacquet.games') || '[]'); } catch (e) { return []; }
}

function remember(entry) {
  const games = saved().filter(g => g.id !== entry.id);
  games.unshift(entry);
  localStorage.setItem('jacquet.games', JSON.stringify(games.slice(0, 200)));
}

function fill() {
  const level = document.getElementById('level');
  const chosenLevel = level.value || 'intermediate';
  level.innerHTML = LEVELS.map(l => `<option value="${l}">${t('levels.' + l)}</option>`).join('');
  level.value = chosenLevel;
  const preset = document.getElementById('preset');
  const chosenPreset = preset.value || 'modern';
  preset.innerHTML = PRESETS.map(p => `<option value="${p}">${t('presets.' + p)}</option>`).join('');
  preset.value = chosenPreset;
  translatePage();
  listGames();
}

async function listGames() {
  const mine = saved();
  const ul = document.getElementById('games');
  if (!mine.length) { ul.innerHTML = `<li>${t('noGames')}</li>`; return; }
  const res = await fetch('/api/games/mine', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tokens: mine.map(g => g.token).slice(0, 200) }) });
  const rows = res.ok ? await res.json() : [];
  const byId = new Map(rows.map(r => [r.id, r]));
  ul.innerHTML = '';
  for (const g of mine) {
    const r = byId.get(g.id);
    if (!r) continue;
    const opponent = (r.side === 'white' ? r.black : r.white) === 'computer' ? t('levels.' + r.level) : t('friend').split(' (')[0];
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `game.html#g=${g.id}&t=${g.token}`;
    a.textContent = `${t(r.side)} ${t('vs')} ${opponent} — ${r.rules}, ${r.match} ${t('points')} — ${t(r.status === 'over' ? 'over' : 'playing')}`;
    li.appendChild(a);
    ul.appendChild(li);
  }
}

document.getElementById('opponent').addEventListener('change', e => {
  document.getElementById('levelBox').style.display = e.target.value === 'computer' ? '' : 'none';
});

document.getElementById('lang').addEventListener('click', () => { setLang(lang() === 'fr' ? 'en' : 'fr'); document.getElementById('analyse').addEventListener('submit', async e => {
  e.preventDefault();
  const q = new URLSearchParams({ position: document.getElementById('aPosition').value.trim(),
    dice: document.getElementById('aDice').value.trim(), rules: document.getElementById('aRules').value.trim() || 'modern' });
  const res = await fetch('/api/analyse?' + q);
  const data = await res.json();
  const out = document.getElementById('aResult');
  document.getElementById('aError').textContent = res.ok ? '' : data.message;
  out.innerHTML = res.ok ? data.plays.map(p => `<li>${p.play} ${p.equity >= 0 ? '+' : ''}${p.equity.toFixed(3)} (${(100 * p.win).toFixed(1)}%, ${p.plies}-ply)</li>`).join('') : '';
});

fill(); });

document.getElementById('new').addEventListener('submit', async e => {
  e.preventDefault();
  const options = document.getElementById('options').value.trim().replace(/^\+/, '');
  const body = {
    opponent: document.getElementById('opponent').value,
    level: document.getElementById('level').value,
    rules: document.getElementById('preset').value + (options ? '+' + options.split(/[\s,+]+/).join('+') : ''),
    match: Number(document.getElementById('match').value || 1),
    side: document.getElementById('side').value,
    position: document.getElementById('position').value.trim() || undefined,
  };
  const res = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) { document.getElementById('error').textContent = data.message; return; }
  remember({ id: data.id, token: data.token, invite: data.inviteToken || null });
  location.href = `game.html#g=${data.id}&t=${data.token}`;
});

document.getElementById('analyse').addEventListener('submit', async e => {
  e.preventDefault();
  const q = new URLSearchParams({ position: document.getElementById('aPosition').value.trim(),
    dice: document.getElementById('aDice').value.trim(), rules: document.getElementById('aRules').value.trim() || 'modern' });
  const res = await fetch('/api/analyse?' + q);
  const data = await res.json();
  const out = document.getElementById('aResult');
  document.getElementById('aError').textContent = res.ok ? '' : data.message;
  out.innerHTML = res.ok ? data.plays.map(p => `<li>${p.play} ${p.equity >= 0 ? '+' : ''}${p.equity.toFixed(3)} (${(100 * p.win).toFixed(1)}%, ${p.plies}-ply)</li>`).join('') : '';
});

fill();
