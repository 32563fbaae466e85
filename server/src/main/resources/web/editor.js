// The board editor of the lobby: click a point to add a checker of the chosen side, right-click
// or long-press to take one away; it writes the position text used to start a game or to
// analyse, and shows the analysis as arrows on the same board.
const Editor = {
  pos: null,
  turn: 'white',
  board: null,
  analysis: null,

  init() {
    this.board = new Board($('editorBoard'), {});
    this.board.labels = false;
    this.reset('white=1:15 black=1:15 turn=white');
    const svg = $('editorBoard');
    let pressTimer = null;
    let longPressed = false;
    svg.addEventListener('pointerdown', e => {
      const r = this.pointOf(e);
      if (r == null || e.button === 2) return;
      longPressed = false;
      pressTimer = setTimeout(() => { longPressed = true; this.change(r, -1); }, 550);
    });
    svg.addEventListener('pointerup', e => {
      clearTimeout(pressTimer);
      const r = this.pointOf(e);
      if (r == null || e.button === 2 || longPressed) return;
      this.change(r, +1);
    });
    svg.addEventListener('pointerleave', () => clearTimeout(pressTimer));
    svg.addEventListener('contextmenu', e => {
      e.preventDefault();
      const r = this.pointOf(e);
      if (r != null) this.change(r, -1);
    });
    svg.addEventListener('keydown', e => {
      const r = this.pointOf(e);
      if (r == null) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === '+') { e.preventDefault(); this.change(r, +1); }
      else if (e.key === 'Delete' || e.key === 'Backspace' || e.key === '-') { e.preventDefault(); this.change(r, -1); }
    });
    $('editorTurn').addEventListener('change', e => { this.turn = e.target.value; this.show(); });
    $('editorClear').addEventListener('click', () => this.reset('white= black= turn=' + this.turn));
    $('editorStart').addEventListener('click', () => this.reset('white=1:15 black=1:15 turn=white'));
    $('useToStart').addEventListener('click', () => { $('position').value = this.text(); $('position').focus(); });
    $('useToAnalyse').addEventListener('click', () => { $('aPosition').value = this.text(); $('analyseButton').click(); });
  },

  pointOf(e) {
    const hit = e.target.closest && e.target.closest('.hit[data-point]');
    const r = hit ? Number(hit.getAttribute('data-point')) : null;
    return r >= 1 && r <= 24 ? r : null;
  },

  reset(text) {
    this.pos = Positions.parse(text);
    this.turn = this.pos.turn;
    this.analysis = null;
    this.show();
  },

  /** One checker more (+1) or fewer (-1) of the chosen side on the viewer's point r. */
  change(v, delta) {
    const side = $('editorSide').value;
    const other = side === 'white' ? 'black' : 'white';
    const r = side === 'white' ? v : otherFrame(v);
    const p = this.pos[side];
    const onBoard = p.points.reduce((a, b) => a + b, 0);
    if (delta > 0) {
      if (this.pos[other].points[side === 'white' ? otherFrame(v) : v] > 0 || onBoard >= 15) return;
      p.points[r]++;
    } else if (p.points[r] > 0) p.points[r]--;
    this.analysis = null;
    this.show();
  },

  text() { return Positions.write(this.pos, this.turn); },

  show() {
    const text = this.text();
    this.pos = Positions.parse(text);
    $('editorText').value = text;
    $('editorTurn').value = this.turn;
    this.board.render({ you: 'white', position: this.pos, turn: this.turn, phase: 'editor', events: [], bearOff: 'off-board', version: 0 }, { marks: [] });
    if (this.analysis && this.analysis.position === text) {
      const plays = this.analysis.plays.filter(p => p.play !== 'pass');
      if (plays[1]) this.board.arrows(playSteps(plays[1].play), this.turn, 'hint');
      if (plays[0]) this.board.arrows(playSteps(plays[0].play), this.turn, 'best', '1');
    }
  },

  /** The analysis of the lobby, drawn on the board when it is of this position. */
  analysed(data) {
    try {
      this.pos = Positions.parse(data.position);
      this.turn = this.pos.turn;
    } catch (e) {
      return;
    }
    this.analysis = data;
    this.show();
  },
};
