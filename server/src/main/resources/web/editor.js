// The board editor of the lobby: click a point to add a checker of the chosen side, right-click
// or long-press to take one away, drag a checker from point to point (mouse or touch; onto the
// tray to take it off); its own dice for the analysis; the position ID shown as it changes; it writes the position text used to start a game or to
// analyse, and shows the analysis as arrows on the same board.
const Editor = {
  pos: null,
  turn: 'white',
  board: null,
  analysis: null,

  init() {
    this.board = new Board($('editorBoard'), { namesPoints: true }); // its frame named as the game screen's (Settings)
    this.board.labels = false;
    this.reset('white=1:15 black=1:15 turn=white');
    const svg = $('editorBoard');
    let pressTimer = null;
    let longPressed = false;
    let pressedAt = null;
    svg.addEventListener('pointerdown', e => {
      const r = this.pointOf(e);
      if (r == null || e.button === 2) return;
      longPressed = false;
      pressedAt = { x: e.clientX, y: e.clientY };
      const side = this.sideOn(r);
      this.drag = side ? { from: r, side, x: e.clientX, y: e.clientY, moved: false } : null;
      pressTimer = setTimeout(() => { longPressed = true; this.drag = null; this.change(r, -1); }, 550);
    });
    svg.addEventListener('pointermove', e => {
      const d = this.drag;
      if (!d) return;
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) > 8) {
        d.moved = true;
        clearTimeout(pressTimer);
      }
      if (d.moved) this.follow(e);
    });
    svg.addEventListener('pointerup', e => {
      clearTimeout(pressTimer);
      const d = this.drag;
      this.drag = null;
      this.dropGhost();
      if (d && d.moved) {
        // The pointer may be captured by the element it went down on (touch): find what is under it.
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const hit = under && under.closest && under.closest('#editorBoard .hit[data-point]');
        if (hit) this.moveChecker(d.side, d.from, Number(hit.getAttribute('data-point')));
        return;
      }
      const r = this.pointOf(e);
      const press = pressedAt;
      pressedAt = null;
      if (r == null || e.button === 2 || longPressed || !press) return;
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) > 8) return; // a drag from an empty point: no click
      this.change(r, +1);
    });
    svg.addEventListener('pointercancel', () => { clearTimeout(pressTimer); this.drag = null; this.dropGhost(); });
    svg.addEventListener('pointerleave', e => { if (e.pointerType === 'mouse') clearTimeout(pressTimer); });
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
    for (const id of ['editorDie1', 'editorDie2']) {
      for (let n = 1; n <= 6; n++) $(id).add(new Option(String(n), String(n)));
    }
    $('editorDie1').value = '6';
    $('editorDie2').value = '5';
    $('useToAnalyse').addEventListener('click', () => {
      this.analysing = true;
      $('aPosition').value = this.text();
      $('aDice').value = this.dice();
      $('analyseButton').click();
    });
  },

  /** The side with checkers on the viewer's point r (White's numbering), or null. */
  sideOn(r) {
    if (this.pos.white.points[r] > 0) return 'white';
    if (this.pos.black.points[otherFrame(r)] > 0) return 'black';
    return null;
  },

  /** Moves one checker of `side` from the viewer's point `from` to `to` (25, the tray: off the board). */
  moveChecker(side, from, to) {
    if (to === from) return;
    const own = v => (side === 'white' ? v : otherFrame(v));
    const other = side === 'white' ? 'black' : 'white';
    const p = this.pos[side];
    if (!(p.points[own(from)] > 0)) return;
    if (to >= 1 && to <= 24) {
      if (this.pos[other].points[side === 'white' ? otherFrame(to) : to] > 0) { this.refuse(t('editorHeld', to, sideName(other))); return; }
      p.points[own(to)]++;
    }
    p.points[own(from)]--;
    this.analysis = null;
    this.show();
  },

  /** A checker under the pointer while it is dragged. */
  follow(e) {
    const svg = $('editorBoard');
    const pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const q = pt.matrixTransform(svg.getScreenCTM().inverse());
    if (!this.ghost) this.ghost = el('circle', { r: R, class: 'checker ghost c-' + this.drag.side, 'pointer-events': 'none' }, svg);
    this.ghost.setAttribute('cx', q.x);
    this.ghost.setAttribute('cy', q.y);
  },

  dropGhost() {
    if (this.ghost) { this.ghost.remove(); this.ghost = null; }
  },

  /** The editor's own dice, as the analysis reads them ("6-5"). */
  dice() { return `${$('editorDie1').value}-${$('editorDie2').value}`; },

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
      if (this.pos[other].points[side === 'white' ? otherFrame(v) : v] > 0) { this.refuse(t('editorHeld', v, sideName(other))); return; }
      if (onBoard >= 15) { this.refuse(t('editorFull', sideName(side))); return; }
      p.points[r]++;
    } else if (p.points[r] > 0) p.points[r]--;
    this.analysis = null;
    this.show();
  },

  text() { return Positions.write(this.pos, this.turn); },

  /** Says why a checker was not added or moved (the board stays as it was). */
  refuse(why) {
    $('editorMessage').textContent = why;
  },

  show() {
    $('editorMessage').textContent = '';
    const text = this.text();
    this.pos = Positions.parse(text);
    $('editorText').value = text;
    $('editorId').value = Positions.id(this.pos, this.turn);
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
    const dice = /^([1-6])-([1-6])$/.exec(data.dice || '');
    if (dice) { $('editorDie1').value = dice[1]; $('editorDie2').value = dice[2]; }
    this.show();
  },
};
