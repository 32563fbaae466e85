// The game's chat as this page shows it: the players' room to a seat, the spectators' room to a
// spectator (the server sends each only its own; neither reads the other). Every name and line
// is put in as text, never as markup. Muting the opponent and hiding the chat are this
// browser's choices; the canned phrases travel as keys, each reader sees them in its language.
// A line typed stays in the box until the room sends it back: a refused one (too many, too
// long) is not lost, and its refusal is said under the box, where the eyes are.
const Chat = (() => {
  const PHRASES = ['good-game', 'well-played', 'thanks', 'good-luck', 'sorry'];
  const MAX = 140;
  let lines = [];
  let room = null;
  let me = null;
  let computerOpponent = false; // a seat against the computer: nobody to chat with
  let pending = null;           // the line sent and not yet heard back, still in the box

  function muteKey() { return 'jacquet.mute.' + gameId; }
  function muted() { return localStorage.getItem(muteKey()) === 'on'; }
  function hidden() { return localStorage.getItem('jacquet.chat') === 'hidden'; }

  function who(line) {
    if (line.name) return line.name;
    return line.side ? sideName(line.side) : t('spectatorName');
  }

  function render() {
    const box = $('chatBox');
    box.hidden = hidden() || !room || (room === 'players' && computerOpponent);
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
    else {
      lines = lines.concat(msg.lines).slice(-100);
      if (msg.lines.some(heardBack)) { clearBox(); }
    }
    render();
  }

  /** Whether {@code line} is the pending one come back (as the server cleaned it: spaces folded). */
  function heardBack(line) {
    const fold = s => String(s || '').replace(/\s+/g, ' ').trim();
    return pending !== null && line.text !== undefined && fold(line.text) === fold(pending)
      && (room === 'spectators' || line.side === me);
  }

  function clearBox() {
    const input = $('chatInput');
    if (input.value.trim() === pending) input.value = '';
    pending = null;
    $('chatNote').textContent = '';
    count();
  }

  /** The seat this page holds (null: watching), from the game's state; {@code computer}: its opponent is the computer. */
  function seat(you, computer) {
    me = you;
    const was = computerOpponent;
    computerOpponent = Boolean(you && computer);
    if (!room) { room = you ? 'players' : 'spectators'; render(); } else if (was !== computerOpponent) render();
  }

  /**
   * Says a refusal of a chat line under the box (the line stays in it to send again); false
   * for a refusal of anything else, which the game's message area says.
   */
  function refused(msg) {
    const chat = String(msg.code).startsWith('chat-') || msg.code === 'bad-phrase'
      || (msg.code === 'too-many' && (msg.params || {}).limit === 'chat');
    if (!chat) return false;
    pending = null;
    $('chatNote').textContent = problemText(msg);
    return true;
  }

  /** The characters typed out of the most a line holds, and why nothing more goes in once full. */
  function count() {
    const n = $('chatInput').value.length;
    $('chatCount').textContent = n ? t('chatCount', n, MAX) : '';
    $('chatCount').classList.toggle('full', n >= MAX);
    const note = $('chatNote');
    if (n >= MAX) note.textContent = t('chatFull', MAX);
    else if (note.textContent === t('chatFull', MAX)) note.textContent = '';
  }

  function submit(e) {
    e.preventDefault();
    const text = $('chatInput').value.trim();
    if (!text) return;
    pending = text;
    $('chatNote').textContent = '';
    send({ type: 'chat', text });
  }

  function start() {
    $('chatInput').maxLength = MAX;
    $('chatInput').addEventListener('input', count);
    $('chatForm').onsubmit = submit;
    $('chatMute').onchange = e => { localStorage.setItem(muteKey(), e.target.checked ? 'on' : 'off'); render(); };
    $('chatHide').checked = hidden();
    $('chatHide').onchange = e => { localStorage.setItem('jacquet.chat', e.target.checked ? 'hidden' : 'shown'); render(); };
  }

  return { receive, seat, render, start, refused };
})();
