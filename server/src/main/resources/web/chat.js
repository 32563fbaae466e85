// The game's chat as this page shows it: the players' room to a seat, the spectators' room to a
// spectator (the server sends each only its own; neither reads the other). Every name and line
// is put in as text, never as markup. Muting the opponent and hiding the chat are this
// browser's choices; the canned phrases travel as keys, each reader sees them in its language.
const Chat = (() => {
  const PHRASES = ['good-game', 'well-played', 'thanks', 'good-luck', 'sorry'];
  const MAX = 140;
  let lines = [];
  let room = null;
  let me = null;

  function muteKey() { return 'jacquet.mute.' + gameId; }
  function muted() { return localStorage.getItem(muteKey()) === 'on'; }
  function hidden() { return localStorage.getItem('jacquet.chat') === 'hidden'; }

  function who(line) {
    if (line.name) return line.name;
    return line.side ? sideName(line.side) : t('spectatorName');
  }

  function render() {
    const box = $('chatBox');
    box.hidden = hidden() || !room;
    if (box.hidden) return;
    $('chatTitle').textContent = t(room === 'players' ? 'chatPlayers' : 'chatSpectators');
    $('chatMuteRow').hidden = room !== 'players';
    $('chatMute').checked = muted();
    const list = $('chatLines');
    list.innerHTML = '';
    const shownLines = lines.filter(l => !(muted() && room === 'players' && l.side && l.side !== me));
    for (const l of shownLines) {
      const li = document.createElement('li');
      li.className = 'chat-line' + (l.side && l.side === me ? ' mine' : '');
      const name = document.createElement('b');
      name.textContent = who(l);
      const text = document.createElement('span');
      text.textContent = l.phrase ? t('phrases.' + l.phrase) : l.text;
      if (l.phrase) text.className = 'phrase';
      li.append(name, document.createTextNode(' '), text);
      list.appendChild(li);
    }
    $('chatEmpty').hidden = shownLines.length > 0;
    list.scrollTop = list.scrollHeight;
    const phrases = $('chatPhrases');
    if (!phrases.childElementCount || phrases.dataset.lang !== lang()) {
      phrases.innerHTML = '';
      phrases.dataset.lang = lang();
      for (const p of PHRASES) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.phrase = p;
        b.textContent = t('phrases.' + p);
        b.onclick = () => send({ type: 'chat', phrase: p });
        phrases.appendChild(b);
      }
    }
  }

  /** A {@code chat} message: the room's history (on joining) or new lines. */
  function receive(msg) {
    room = msg.room;
    if (msg.history) lines = msg.lines.slice();
    else lines = lines.concat(msg.lines).slice(-100);
    render();
  }

  /** The seat this page holds (null: watching), from the game's state. */
  function seat(you) {
    me = you;
    if (!room) { room = you ? 'players' : 'spectators'; render(); }
  }

  function submit(e) {
    e.preventDefault();
    const input = $('chatInput');
    const text = input.value.trim();
    if (!text) return;
    send({ type: 'chat', text });
    input.value = '';
  }

  function start() {
    $('chatInput').maxLength = MAX;
    $('chatForm').onsubmit = submit;
    $('chatMute').onchange = e => { localStorage.setItem(muteKey(), e.target.checked ? 'on' : 'off'); render(); };
    $('chatHide').checked = hidden();
    $('chatHide').onchange = e => { localStorage.setItem('jacquet.chat', e.target.checked ? 'hidden' : 'shown'); render(); };
  }

  return { receive, seat, render, start };
})();
