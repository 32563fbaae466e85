// Position text (RULES.md §1: "white=1:14,7:1 black=1:15 turn=white") read into the board's
// form, and written back: for the rules page's diagrams and the board editor.
const Positions = {
  /** The board's form of a position text; throws Error naming what is wrong. */
  parse(text, postilionEntry) {
    const entry = postilionEntry || 19;
    const out = { text: text.trim(), white: null, black: null, turn: null };
    for (const field of text.trim().split(/\s+/)) {
      const [key, value] = field.split('=');
      if (key === 'turn') { out.turn = value; continue; }
      if (key !== 'white' && key !== 'black') throw new Error('unknown field ' + key);
      const points = new Array(25).fill(0);
      let total = 0;
      for (const pair of (value || '').split(',').filter(Boolean)) {
        const [r, n] = pair.split(':').map(Number);
        if (!(r >= 1 && r <= 24 && n >= 1)) throw new Error('bad point ' + pair);
        points[r] = n;
        total += n;
      }
      if (total > 15) throw new Error(key + ' has more than 15 checkers');
      out[key] = { points, off: 15 - total, pips: 0, postilion: null };
    }
    if (!out.white || !out.black || !out.turn) throw new Error('white=, black= and turn= are needed');
    for (const s of ['white', 'black']) {
      const p = out[s];
      p.pips = p.points.reduce((sum, n, r) => sum + n * (25 - r), 0);
      const beyond = p.points.slice(entry).some(n => n > 0);
      if (p.points[1] >= 14 && p.points[1] < 15 && !beyond) p.postilion = p.points.findIndex((n, r) => r > 1 && n > 0);
      if (p.postilion === -1) p.postilion = null;
    }
    return out;
  },
  /** The canonical text of a position in the board's form. */
  write(pos, turn) {
    const side = s => pos[s].points.map((n, r) => (r >= 1 && n > 0 ? `${r}:${n}` : null)).filter(Boolean).join(',');
    return `white=${side('white')} black=${side('black')} turn=${turn}`;
  },
  /**
   * The position ID, exactly as the engine's PositionId: bits least significant first, the side
   * to move (1 for Black), then for White's route points 1..24 one 1 per checker and a 0, then
   * the same for Black; 10 bytes in URL-safe base64 without padding (14 characters).
   */
  id(pos, turn) {
    const bytes = new Uint8Array(10);
    let at = 0;
    const put = one => { if (one) bytes[at >> 3] |= 1 << (at & 7); at++; };
    put(turn === 'black');
    for (const s of ['white', 'black']) {
      for (let r = 1; r <= 24; r++) {
        for (let i = 0; i < pos[s].points[r]; i++) put(true);
        put(false);
      }
    }
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
};
