// The tablier, drawn in SVG for the viewer: their talon top right, their route along the top
// from right to left, then along the bottom from left to right to their last quadrant, near
// them on the right. Twelve points a side in two colours, the talons, a postilion on its point's
// tip until it enters, checkers borne off in the tray (or stored on the opponent's talon).
const SVG_NS = 'http://www.w3.org/2000/svg';
const R = 30;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function otherFrame(r) { return r <= 12 ? r + 12 : r - 12; }

/** Column 0..11 (left to right) and row of a route point in the viewer's frame. */
function place(r) { return r <= 12 ? { top: true, col: 12 - r } : { top: false, col: r - 13 }; }
function colX(col) { return col < 6 ? 30 + 70 * col + 35 : 510 + 70 * (col - 6) + 35; }
function slotY(top, i) { return top ? 20 + R + i * 52 : 700 - R - i * 52; }

class Board {
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers; // { step(from, to) }
    this.selected = null;
    this.state = null;
    this.lastDice = null;
    svg.addEventListener('pointerdown', e => this.down(e));
    svg.addEventListener('pointermove', e => this.move(e));
    svg.addEventListener('pointerup', e => this.up(e));
  }

  viewer() { return (this.state && this.state.you) || 'white'; }
  myMoves() {
    const s = this.state;
    return s && s.moves && s.you === s.turn && s.phase === 'play' ? s.moves : null;
  }

  render(state) {
    this.state = state;
    if (this.selected && !(this.myMoves() || {})[this.selected]) this.selected = null;
    const svg = this.svg;
    svg.innerHTML = '';
    const me = this.viewer();
    const them = me === 'white' ? 'black' : 'white';
    el('rect', { x: 0, y: 0, width: 1000, height: 720, rx: 18, fill: '#5a3418' }, svg);
    el('rect', { x: 22, y: 14, width: 436, height: 692, fill: '#1f5a3a' }, svg);
    el('rect', { x: 502, y: 14, width: 436, height: 692, fill: '#1f5a3a' }, svg);
    el('rect', { x: 458, y: 14, width: 44, height: 692, fill: '#4a2a12' }, svg);
    el('rect', { x: 944, y: 14, width: 50, height: 692, rx: 6, fill: '#3b220f' }, svg);
    for (let r = 1; r <= 24; r++) this.point(r);
    const pos = state.position;
    const opponentTalonRule = state.bearOff === 'opponent-talon';
    for (const side of [me, them]) {
      const points = pos[side].points;
      for (let r = 1; r <= 24; r++) {
        const n = points[r];
        if (!n) continue;
        const v = side === me ? r : otherFrame(r);
        const postilion = pos[side].postilion === r;
        if (postilion) this.postilion(v, side);
        else this.stack(v, n, side, side === me);
      }
      this.off(side, side === me, pos[side].off, opponentTalonRule);
    }
    this.dice(state);
    this.targets();
  }

  point(r) {
    const { top, col } = place(r);
    const x = colX(col) - 35;
    const dark = (col + (top ? 0 : 1)) % 2 === 0;
    const fill = dark ? '#8b2e16' : '#e8d3a8';
    const d = top ? `M${x + 2},20 L${x + 68},20 L${x + 35},290 Z` : `M${x + 2},700 L${x + 68},700 L${x + 35},430 Z`;
    const tri = el('path', { d, fill, class: 'point', 'data-point': r }, this.svg);
    const label = el('text', { x: x + 35, y: top ? 12 : 716, 'text-anchor': 'middle', 'font-size': 11, fill: '#f0d9a8' }, this.svg);
    label.textContent = r;
    return tri;
  }

  checker(cx, cy, side, attrs) {
    return el('circle', Object.assign({ cx, cy, r: R, fill: side === 'white' ? '#f5efe0' : '#1d1d1d',
      stroke: side === 'white' ? '#6b5a3a' : '#c9b27c', 'stroke-width': 2, class: 'checker' }, attrs || {}), this.svg);
  }

  stack(r, n, side, mine) {
    const { top, col } = place(r);
    const cx = colX(col);
    const shown = Math.min(n, 5);
    const moves = this.myMoves();
    const movable = mine && moves && moves[r];
    for (let i = 0; i < shown; i++) {
      const last = i === shown - 1;
      const c = this.checker(cx, slotY(top, i), side, { 'data-point': r });
      if (last && movable) c.classList.add('movable');
      if (last && this.selected === r) c.classList.add('selected');
    }
    if (n > 5) {
      const t = el('text', { x: cx, y: slotY(top, 4) + 7, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 'bold',
        fill: side === 'white' ? '#333' : '#eee', 'pointer-events': 'none' }, this.svg);
      t.textContent = n;
    }
  }

  postilion(r, side) {
    const { top, col } = place(r);
    const cx = colX(col);
    const cy = top ? 318 : 402;
    const moves = this.myMoves();
    const mine = side === this.viewer();
    const c = this.checker(cx, cy, side, { r: 24, stroke: '#ffcc33', 'stroke-width': 4, 'data-point': r });
    if (mine && moves && moves[r]) c.classList.add('movable');
    if (this.selected === r) c.classList.add('selected');
    const title = el('title', {}, c);
    title.textContent = t('postilion');
  }

  off(side, mine, count, onOpponentTalon) {
    if (!count) return;
    if (onOpponentTalon) {
      // Léchalet: borne-off checkers wait on the opponent's talon (the viewer's 13, or 1).
      const { top, col } = place(mine ? 13 : 1);
      for (let i = 0; i < count; i++) {
        el('rect', { x: colX(col) - 24, y: top ? 22 + i * 9 : 690 - i * 9, width: 48, height: 8, rx: 2,
          fill: side === 'white' ? '#f5efe0' : '#1d1d1d', stroke: '#c9b27c' }, this.svg);
      }
      return;
    }
    for (let i = 0; i < count; i++) {
      el('rect', { x: 949, y: mine ? 690 - i * 12 : 20 + i * 12, width: 40, height: 10, rx: 2,
        fill: side === 'white' ? '#f5efe0' : '#1d1d1d', stroke: '#c9b27c' }, this.svg);
    }
    const label = el('text', { x: 969, y: mine ? 500 : 230, 'text-anchor': 'middle', 'font-size': 16, fill: '#ffd27f' }, this.svg);
    label.textContent = count;
  }

  dice(state) {
    if (!state.dice) { this.lastDice = null; return; }
    const mine = state.turn === this.viewer();
    const cx = mine ? 720 : 240;
    const values = state.dice.values;
    const key = state.version + ':' + state.dice.text;
    const fresh = this.lastDice !== key && !(state.steps && state.steps.length);
    this.lastDice = key;
    values.forEach((v, i) => {
      const x = cx - 70 + i * 80;
      const g = el('g', { class: 'die' + (fresh ? ' rolling' : ''), 'data-die': v }, this.svg);
      el('rect', { x, y: 332, width: 56, height: 56, rx: 9, fill: state.turn === 'white' ? '#f5efe0' : '#222', stroke: '#c9b27c', 'stroke-width': 2 }, g);
      const pip = state.turn === 'white' ? '#222' : '#f5efe0';
      const spots = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
        5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[v];
      for (const [a, b] of spots) el('circle', { cx: x + a * 14, cy: 332 + b * 14, r: 5, fill: pip }, g);
    });
    if (state.dice.steps > 2 || state.dice.transferred) {
      const label = el('text', { x: cx + 100, y: 368, 'font-size': 20, fill: '#ffd27f' }, this.svg);
      label.textContent = (state.dice.transferred ? '+ ' : '×') + state.dice.steps;
    }
  }

  targets() {
    const moves = this.myMoves();
    if (!moves || this.selected == null) return;
    const dests = moves[this.selected] || [];
    const n = this.state.position[this.viewer()].points;
    for (const d of dests) {
      if (d === 25) {
        el('rect', { x: 946, y: 440, width: 46, height: 262, rx: 6, class: 'target', 'data-target': 25 }, this.svg);
        continue;
      }
      const { top, col } = place(d);
      const i = Math.min(n[d] || 0, 4);
      el('circle', { cx: colX(col), cy: slotY(top, i), r: R - 4, class: 'target', 'data-target': d }, this.svg);
    }
  }

  /** Arrows for steps given in {@code mover}'s frame: the best play, in review. */
  arrows(steps, mover) {
    const me = this.viewer();
    const defs = el('defs', {}, this.svg);
    const marker = el('marker', { id: 'head', markerWidth: 8, markerHeight: 8, refX: 6, refY: 4, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L8,4 L0,8 Z', fill: '#ffd27f' }, marker);
    const centre = r => {
      if (r === 25) return [969, mover === me ? 600 : 120];
      const v = mover === me ? r : otherFrame(r);
      const { top, col } = place(v);
      return [colX(col), top ? 200 : 520];
    };
    for (const [from, to] of steps) {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      el('line', { x1, y1, x2, y2, stroke: '#ffd27f', 'stroke-width': 6, 'marker-end': 'url(#head)', opacity: 0.9, class: 'best-arrow' }, this.svg);
    }
  }

  /** The route point (viewer's frame) under an SVG point, 25 for the tray, or null. */
  hit(x, y) {
    if (x >= 944) return 25;
    let col;
    if (x >= 30 && x < 450) col = Math.floor((x - 30) / 70);
    else if (x >= 510 && x < 930) col = 6 + Math.floor((x - 510) / 70);
    else return null;
    return y < 360 ? 12 - col : 13 + col;
  }

  toSvg(e) {
    const p = this.svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  down(e) {
    const moves = this.myMoves();
    if (!moves) return;
    const p = this.toSvg(e);
    const target = e.target.getAttribute && e.target.getAttribute('data-target');
    if (target) { this.handlers.step(this.selected, Number(target)); this.selected = null; return; }
    const r = this.hit(p.x, p.y);
    if (r != null && moves[r]) {
      this.selected = r;
      this.drag = { from: r, x: p.x, y: p.y, moved: false };
      this.render(this.state);
      e.preventDefault();
    } else if (this.selected != null) {
      this.selected = null;
      this.render(this.state);
    }
  }

  move(e) {
    if (!this.drag) return;
    const p = this.toSvg(e);
    if (Math.hypot(p.x - this.drag.x, p.y - this.drag.y) > 12) this.drag.moved = true;
    if (!this.drag.moved) return;
    if (!this.ghost) this.ghost = this.checker(p.x, p.y, this.viewer(), { opacity: 0.75, 'pointer-events': 'none' });
    this.ghost.setAttribute('cx', p.x);
    this.ghost.setAttribute('cy', p.y);
  }

  up(e) {
    const drag = this.drag;
    this.drag = null;
    if (this.ghost) { this.ghost.remove(); this.ghost = null; }
    if (!drag || !drag.moved) return;
    const p = this.toSvg(e);
    const to = this.hit(p.x, p.y);
    const dests = (this.myMoves() || {})[drag.from] || [];
    if (to != null && dests.includes(to)) {
      this.selected = null;
      this.handlers.step(drag.from, to);
    }
  }
}
