// The tablier, drawn in SVG for the viewer: their talon top right, their route along the top
// from right to left, then along the bottom from left to right to their last quadrant, near
// them on the right (on a phone held upright the same board turned a quarter clockwise: the
// talon bottom right, the last quadrant bottom left, the tray at the bottom). Every point is a
// labelled, focusable button; the last play stays marked; checkers glide along their steps.
const SVG_NS = 'http://www.w3.org/2000/svg';
const R = 30;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function otherFrame(r) { return r === 25 || r === 0 ? r : r <= 12 ? r + 12 : r - 12; }

/** A route point of {@code mover} as {@code viewer} numbers it (25 = off stays off). */
function viewPoint(r, mover, viewer) { return mover === viewer || !viewer ? r : otherFrame(r); }

/** A play written the short way: the same step repeated once with its count, "13/18(3) 17/22". */
function compactPlay(notation) {
  if (!notation) return notation;
  const counts = new Map();
  for (const step of notation.trim().split(/\s+/)) counts.set(step, (counts.get(step) || 0) + 1);
  return [...counts].map(([step, n]) => (n > 1 && !step.includes('(') ? `${step}(${n})` : step)).join(' ');
}

/** The steps of a play in notation, as [from, to] pairs (25 = off). */
function playSteps(notation) {
  const out = [];
  for (const seg of (notation || '').trim().split(/\s+/)) {
    const m = seg.match(/^(\d+)((?:\/(?:\d+|off))+)(?:\((\d)\))?$/);
    if (!m) continue;
    const stops = [Number(m[1])].concat(m[2].slice(1).split('/').map(s => (s === 'off' ? 25 : Number(s))));
    for (let k = 0; k < Number(m[3] || 1); k++) {
      for (let i = 1; i < stops.length; i++) out.push([stops[i - 1], stops[i]]);
    }
  }
  return out;
}

/** The dice of a turn's text ("6-5", "4-4", "+5-3"). */
function diceValues(text) {
  return (text || '').replace('+', '').split('-').map(Number).filter(v => v >= 1 && v <= 6);
}

/** Sizes of a board drawn lying (landscape) or standing (portrait, turned a quarter clockwise). */
class Geometry {
  constructor(portrait) {
    this.portrait = portrait;
    this.F = 24;                        // frame above and below the points (room for their numbers)
    this.len = portrait ? 228 : 270;    // length of a point
    this.mid = portrait ? 112 : 132;    // the gap between the two rows, where the dice lie (clear of a postilion on its tip)
    this.S = portrait ? 44 : 52;        // distance between stacked checkers
    this.die = portrait ? 46 : 56;
    this.H = 2 * this.F + 2 * this.len + this.mid;
    this.W = 1000;
  }
  viewBox() { return this.portrait ? `0 0 ${this.H} ${this.W}` : `0 0 ${this.W} ${this.H}`; }
  map(x, y) { return this.portrait ? [this.H - y, x] : [x, y]; }
  place(r) { return r <= 12 ? { top: true, col: 12 - r } : { top: false, col: r - 13 }; }
  colX(col) { return col < 6 ? 30 + 70 * col + 35 : 510 + 70 * (col - 6) + 35; }
  slotY(top, i) { return top ? this.F + R + i * this.S : this.H - this.F - R - i * this.S; }
  tipY(top) { return top ? this.F + this.len : this.H - this.F - this.len; }
  /** Centre of the i-th checker of a stack on route point r (viewer's frame). */
  slot(r, i) { const { top, col } = this.place(r); return [this.colX(col), this.slotY(top, Math.min(i, 4))]; }
}

class Board {
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers; // { step(from, to), refused(point, reason), focusChanged, namesPoints: the frame follows Settings' naming }
    this.selected = null;
    this.state = null;
    this.marks = [];
    this.arrowSets = [];
    this.labels = localStorage.getItem('jacquet.labels') !== 'off';
    this.portrait = false;
    this.animating = null;
    this.g = new Geometry(false);
    svg.addEventListener('pointerdown', e => this.down(e));
    svg.addEventListener('pointermove', e => this.move(e));
    svg.addEventListener('pointerup', e => this.up(e));
    svg.addEventListener('keydown', e => this.key(e));
  }

  setPortrait(portrait) {
    if (portrait === this.portrait) return;
    this.portrait = portrait;
    this.g = new Geometry(portrait);
    if (this.state) this.render(this.state);
  }

  viewer() { return (this.state && this.state.you) || (this.state && this.state.seat) || 'white'; }
  myMoves() {
    const s = this.state;
    return s && s.moves && s.you === s.turn && s.phase === 'play' && !this.animating ? s.moves : null;
  }

  // --- drawing in landscape coordinates, mapped for the portrait board --------------------
  rect(x, y, w, h, attrs, parent) {
    const [x1, y1] = this.g.map(x, y);
    const [x2, y2] = this.g.map(x + w, y + h);
    return el('rect', Object.assign({ x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) }, attrs), parent || this.svg);
  }
  circle(x, y, r, attrs, parent) {
    const [cx, cy] = this.g.map(x, y);
    return el('circle', Object.assign({ cx, cy, r }, attrs), parent || this.svg);
  }
  poly(points, attrs, parent) {
    const d = 'M' + points.map(([x, y]) => this.g.map(x, y).join(',')).join(' L') + ' Z';
    return el('path', Object.assign({ d }, attrs), parent || this.svg);
  }
  text(x, y, str, attrs, parent) {
    const [tx, ty] = this.g.map(x, y);
    const e = el('text', Object.assign({ x: tx, y: ty, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, attrs), parent || this.svg);
    e.textContent = str;
    return e;
  }

  /**
   * Draws {@code state} (the server's state, or a review's board). {@code extras}: marks
   * ([from, to] pairs in the viewer's frame) of the last play.
   */
  render(state, extras) {
    this.state = state;
    if (extras && extras.marks) this.marks = extras.marks;
    this.still = !!(extras && extras.still); // a board looked at (review, history): no rolling dice
    if (this.selected && !(this.myMoves() || {})[this.selected]) this.selected = null;
    const focused = document.activeElement && this.svg.contains(document.activeElement)
      ? document.activeElement.getAttribute('data-point') : null;
    const svg = this.svg;
    const g = this.g;
    svg.setAttribute('viewBox', g.viewBox());
    svg.classList.toggle('portrait', this.portrait);
    svg.innerHTML = '';
    this.arrowSets = [];
    const me = this.viewer();
    const them = me === 'white' ? 'black' : 'white';
    const [vw, vh] = this.portrait ? [g.H, g.W] : [g.W, g.H];
    el('rect', { x: 0, y: 0, width: vw, height: vh, rx: 18, class: 'b-wood' }, svg);
    this.rect(22, g.F - 6, 436, g.H - 2 * g.F + 12, { class: 'b-felt' });
    this.rect(502, g.F - 6, 436, g.H - 2 * g.F + 12, { class: 'b-felt' });
    this.rect(458, g.F - 6, 44, g.H - 2 * g.F + 12, { class: 'b-bar' });
    this.rect(944, g.F - 6, 50, g.H - 2 * g.F + 12, { rx: 6, class: 'b-tray' });
    for (let r = 1; r <= 24; r++) this.point(r);
    if (this.labels) this.drawLabels(state);
    this.drawMarks();
    const pos = state.position;
    const opponentTalonRule = state.bearOff === 'opponent-talon';
    for (const side of [me, them]) {
      const points = pos[side].points;
      for (let r = 1; r <= 24; r++) {
        const n = points[r];
        if (!n) continue;
        const v = side === me ? r : otherFrame(r);
        if (pos[side].postilion === r) this.postilion(v, side);
        else this.stack(v, n, side, side === me);
      }
      this.off(side, side === me, pos[side].off, opponentTalonRule);
    }
    this.dice(state);
    for (const c of svg.children) if (!c.classList.contains('dice-set')) c.setAttribute('aria-hidden', 'true');
    this.hits(state);
    this.targets();
    svg.setAttribute('aria-label', t('boardAria', this.describe(state)));
    if (focused) {
      const f = svg.querySelector(`.hit[data-point="${focused}"]`);
      if (f) f.focus({ preventScroll: true });
    }
  }

  /** The position in words, as the viewer numbers the points: each side's checkers, postilion and off. */
  describe(state) {
    const me = this.viewer();
    return [me, me === 'white' ? 'black' : 'white'].map(side => {
      const p = state.position[side];
      const parts = [];
      for (let r = 1; r <= 24; r++) {
        const n = p.points[r];
        if (!n) continue;
        const v = viewPoint(r, side, me);
        if (p.postilion === r) parts.push(t('postilionOn', v));
        else parts.push(t('onPoint', n, v));
      }
      if (!parts.length) parts.push(t('noChecker'));
      if (p.off) parts.push(t('borneOffN', p.off));
      return t('sideOnBoard', sideName(side), parts.join(', '));
    }).join('. ') + '.';
  }

  point(r) {
    const g = this.g;
    const { top, col } = g.place(r);
    const x = g.colX(col) - 35;
    const dark = (col + (top ? 0 : 1)) % 2 === 0;
    const base = top ? g.F : g.H - g.F;
    const tip = g.tipY(top);
    this.poly([[x + 2, base], [x + 68, base], [x + 35, tip]], { class: 'point ' + (dark ? 'p-dark' : 'p-light'), 'data-tri': r });
    // The frame names points as the move list does, so a play read there is found here.
    const name = this.handlers.namesPoints && pointNaming() === 'letters' ? pointLetter(r, this.viewer()) : r;
    this.text(x + 35, top ? g.F / 2 - 1 : g.H - g.F / 2 + 1, name, { class: 'p-num', 'font-size': 18 }); // readable on a phone lying down too
  }

  drawLabels(state) {
    const g = this.g;
    // Talons, each side's quadrants (as the viewer numbers them), the postilion's goal.
    const q = [[1, 6], [7, 12], [13, 18], [19, 24]];
    const me = this.viewer();
    const postilions = ['white', 'black'].map(side => state.position[side].postilion)
      .map((r, i) => (r ? viewPoint(r, i ? 'black' : 'white', me) : null)).filter(r => r);
    q.forEach(([a, b], i) => {
      const top = a <= 12;
      const y = top ? g.tipY(true) + 14 : g.tipY(false) - 14;
      this.text(this.labelX(a, b, postilions), y, this.portrait ? ['I', 'II', 'III', 'IV'][i] : t('quadrantLabel', i + 1),
        { class: 'b-label quadrant-label', 'font-size': 15 });
    });
    if (this.portrait) return; // no room for the talons' names beside the stacks
    const [tx] = g.slot(1, 0);
    const [ox] = g.slot(13, 0);
    // A spectator is told whose talon it is; a player, which is theirs.
    const seated = state.you;
    // Each name kept on the felt, against its outer edge: centred on its point, a long one
    // ("talon des Blancs") ran onto the tray's count or off the felt.
    this.text(Math.min(tx + 35, 934), g.tipY(true) + 34, seated ? t('yourTalon') : t('talonOf', sideName(me)),
      { class: 'b-label strong talon-label', 'font-size': 15, 'text-anchor': 'end' });
    this.text(Math.max(ox - 35, 36), g.tipY(false) - 34, seated ? t('theirTalon') : t('talonOf', sideName(me === 'white' ? 'black' : 'white')),
      { class: 'b-label talon-label', 'font-size': 15, 'text-anchor': 'start' });
  }

  /**
   * Where a quadrant's label goes along the points' tips (a to b): in the middle, or where a
   * postilion waiting on its tip leaves the most room (it used to cover the label).
   */
  labelX(a, b, postilions) {
    const g = this.g;
    const xs = [];
    for (let r = a; r <= b; r++) xs.push(g.slot(r, 0)[0]);
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    const centre = (lo + hi) / 2;
    const near = postilions.filter(r => r >= a && r <= b).map(r => g.slot(r, 0)[0]);
    if (!near.length) return centre;
    let best = centre;
    let room = -1;
    for (let x = lo; x <= hi; x += 35) { // every point's centre and every gap between two
      const free = Math.min(...near.map(p => Math.abs(p - x)));
      if (free > room || (free === room && Math.abs(x - centre) < Math.abs(best - centre))) { best = x; room = free; }
    }
    return best;
  }

  drawMarks() {
    const g = this.g;
    for (const [from, to, mine] of this.marks) {
      for (const [r, kind] of [[from, 'from'], [to, 'to']]) {
        if (r === 25) {
          // The mover's half of the tray: the viewer's below, the opponent's above.
          this.rect(946, mine === false ? g.F : g.H / 2 + 10, 46, g.H / 2 - g.F - 10, { rx: 6, class: 'mark mark-' + kind, 'data-mark': kind, 'data-at': 25 });
          continue;
        }
        const { top, col } = g.place(r);
        const x = g.colX(col);
        const base = top ? g.F : g.H - g.F;
        const tip = g.tipY(top);
        this.poly([[x - 33, base], [x + 33, base], [x, tip]], { class: 'mark mark-' + kind, 'data-mark': kind, 'data-at': r });
      }
    }
  }

  checker(x, y, side, attrs, parent) {
    return this.circle(x, y, R, Object.assign({ class: 'checker c-' + side }, attrs || {}), parent);
  }

  stack(r, n, side, mine) {
    const g = this.g;
    const shown = Math.min(n, 5);
    const moves = this.myMoves();
    const movable = mine && moves && moves[r];
    for (let i = 0; i < shown; i++) {
      const last = i === shown - 1;
      const [x, y] = g.slot(r, i);
      const c = this.checker(x, y, side, { 'data-checker': r });
      if (last) c.setAttribute('data-top', r);
      if (last && movable) c.classList.add('movable');
      if (last && this.selected === r) c.classList.add('selected');
    }
    if (n > 5) {
      const [x, y] = g.slot(r, 4);
      this.text(x, y, n, { class: 'count c-' + side + '-ink', 'font-size': 24, 'font-weight': 'bold', 'pointer-events': 'none' });
    }
  }

  postilion(r, side) {
    const g = this.g;
    const { top, col } = g.place(r);
    const x = g.colX(col);
    const y = top ? g.tipY(true) + 12 : g.tipY(false) - 12;
    const moves = this.myMoves();
    const mine = side === this.viewer();
    const c = this.circle(x, y, 22, { class: 'checker postilion c-' + side, 'data-checker': r, 'data-top': r });
    if (mine && moves && moves[r]) c.classList.add('movable');
    if (this.selected === r) c.classList.add('selected');
    el('title', {}, c).textContent = t('postilion');
  }

  off(side, mine, count, onOpponentTalon) {
    if (!count) return;
    const g = this.g;
    if (onOpponentTalon) {
      // Léchalet: borne-off checkers wait on the opponent's talon (the viewer's 13, or 1).
      const [x] = g.slot(mine ? 13 : 1, 0);
      const top = !mine;
      for (let i = 0; i < count; i++) {
        this.rect(x - 24, top ? g.F + 2 + i * 9 : g.H - g.F - 10 - i * 9, 48, 8, { rx: 2, class: 'off c-' + side });
      }
      return;
    }
    const step = Math.min(12, (g.H / 2 - g.F - 40) / 15);
    for (let i = 0; i < count; i++) {
      this.rect(949, mine ? g.H - g.F - 12 - i * step : g.F + 2 + i * step, 40, step - 2, { rx: 2, class: 'off c-' + side });
    }
    this.text(969, mine ? g.H / 2 + 30 : g.H / 2 - 30, count, { class: 'b-count', 'font-size': 18 });
  }

  /**
   * The dice on the board: the throw being played; between turns, the last throw (greyed, its
   * lost dice crossed out); before the start, the opening throw, one die on each side.
   */
  dice(state) {
    const me = this.viewer();
    const events = state.events || [];
    const last = events.length ? events[events.length - 1] : null;
    const g = this.g;
    const key = state.version + ':' + state.phase;
    const fresh = this.lastDice !== key && !this.still;
    this.lastDice = key;
    const draw = (values, side, where, opts) => {
      const cx = where === 'right' ? 720 : 240;
      const set = el('g', { class: 'dice-set', role: 'img', 'aria-label': t('diceOf', sideName(opts.owner), opts.words) }, this.svg);
      values.forEach((v, i) => {
        const x = cx + (i - (values.length - 1) / 2) * (g.die + 16);
        const lost = opts.lost && opts.lost[i];
        const used = opts.used && opts.used[i];
        this.die(x, g.H / 2, v, side, (opts.faded ? ' faded' : '') + (lost ? ' lost' : '') + (used ? ' used' : '')
          + (opts.roll && fresh ? ' rolling' : ''), opts.owner, set);
      });
      // The label along the dice's row, past the last die (beside them lying down, under them
      // upright): across the row it met the quadrants' names.
      if (opts.label) {
        const end = cx + (values.length - 1) / 2 * (g.die + 16) + g.die / 2;
        this.text(end + (this.portrait ? 16 : 10), g.H / 2, opts.label,
          { class: 'b-label strong dice-label', 'font-size': this.portrait ? 13 : 15, 'text-anchor': this.portrait ? 'middle' : 'start' });
      }
    };
    if (state.dice && state.phase === 'play') {
      const side = state.turn;
      // The mover sees which dice are spent: a used die greyed, a double's count of steps left.
      const left = side === me && state.diceLeft ? state.diceLeft.slice() : null;
      const double = state.dice.values[0] === state.dice.values[1];
      const used = left && !double ? state.dice.values.map(v => { const k = left.indexOf(v); if (k < 0) return true; left.splice(k, 1); return false; }) : null;
      draw(state.dice.values, side, side === me ? 'right' : 'left', { roll: !(state.steps && state.steps.length), owner: side, used,
        words: diceName(state.dice.text, state.dice.transferred) });
      if (state.dice.steps > 2 || state.dice.transferred) {
        const steps = left && double ? state.diceLeft.length : state.dice.steps;
        this.text(side === me ? 860 : 380, g.H / 2, (state.dice.transferred ? '+ ' : '×') + steps, { class: 'b-count dice-count', 'font-size': 20 });
      }
      return;
    }
    if (last && last.kind === 'opening') {
      // One die each, on each player's own side: the higher starts; a tie is said.
      const mine = me === 'white' ? last.white : last.black;
      const theirs = me === 'white' ? last.black : last.white;
      const other = me === 'white' ? 'black' : 'white';
      const tie = last.white === last.black;
      draw([mine], me, 'right', { roll: true, owner: me, words: dieName(mine), label: tie ? t('tieShort') : mine > theirs ? t('startsShort', sideName(me)) : '' });
      draw([theirs], other, 'left', { roll: true, owner: other, words: dieName(theirs), label: !tie && theirs > mine ? t('startsShort', sideName(other)) : '' });
      return;
    }
    const turn = [...events].reverse().find(e => e.kind === 'turn');
    if (turn && (last.kind === 'turn' || state.phase === 'over')) {
      const values = diceValues(turn.dice);
      const all = values.length === 2 && values[0] === values[1] && !turn.transferred ? [values[0], values[0]] : values;
      const lost = [];
      const unused = state.lost && state.lost.side === turn.side ? [...state.lost.unused] : [];
      all.forEach((v, i) => { const k = unused.indexOf(v); lost[i] = k >= 0; if (k >= 0) unused.splice(k, 1); });
      draw(all, turn.side, turn.side === me ? 'right' : 'left', { faded: true, lost, owner: turn.side,
        words: diceName(turn.dice, turn.transferred), label: turn.pass ? t('cannotPlayShort') : '' });
    }
  }

  die(x, y, v, side, cls, owner, parent) {
    const s = this.g.die;
    const [cx, cy] = this.g.map(x, y);
    const gEl = el('g', { class: 'die d-' + owner + cls, 'data-die': v }, parent);
    el('rect', { x: cx - s / 2, y: cy - s / 2, width: s, height: s, rx: s / 6, class: 'die-face' }, gEl);
    const spots = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
      5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[v] || [];
    for (const [a, b] of spots) el('circle', { cx: cx - s / 2 + a * s / 4, cy: cy - s / 2 + b * s / 4, r: s / 11, class: 'pip' }, gEl);
    if (cls.includes('lost')) {
      el('line', { x1: cx - s / 2 - 4, y1: cy - s / 2 - 4, x2: cx + s / 2 + 4, y2: cy + s / 2 + 4, class: 'die-cross' }, gEl);
      el('line', { x1: cx + s / 2 + 4, y1: cy - s / 2 - 4, x2: cx - s / 2 - 4, y2: cy + s / 2 + 4, class: 'die-cross' }, gEl);
    }
  }

  /** A transparent, focusable button over each point (and the tray) with what it holds. */
  hits(state) {
    const g = this.g;
    const me = this.viewer();
    const them = me === 'white' ? 'black' : 'white';
    const moves = this.myMoves() || {};
    const dests = this.selected != null ? (moves[this.selected] || []) : [];
    const layer = el('g', { class: 'hits' }, this.svg);
    for (let r = 1; r <= 24; r++) {
      const { top, col } = g.place(r);
      const x = g.colX(col) - 35;
      const mineN = state.position[me].points[r] || 0;
      const theirsN = state.position[them].points[otherFrame(r)] || 0;
      let label = t('pointLabel', r);
      if (mineN) label += ', ' + t('checkersOf', mineN, sideName(me));
      else if (theirsN) label += ', ' + t('checkersOf', theirsN, sideName(them));
      else label += ', ' + t('empty');
      if (moves[r]) label += ', ' + t('canMoveTo', moves[r].map(d => (d === 25 ? t('offWord') : d)).join(', '));
      if (dests.includes(r)) label += ', ' + t('destination');
      const h = this.rect(x, top ? g.F - 6 : g.H / 2, 70, g.H / 2 - g.F + 6, { class: 'hit', 'data-point': r, tabindex: 0, role: 'button', 'aria-label': label }, layer);
      if (this.selected === r) h.setAttribute('aria-pressed', 'true');
    }
    const off = state.position[me].off;
    const trayLabel = t('trayLabel', off) + (dests.includes(25) ? ', ' + t('destination') : '');
    this.rect(944, g.H / 2, 50, g.H / 2 - g.F + 6, { class: 'hit', 'data-point': 25, tabindex: 0, role: 'button', 'aria-label': trayLabel }, layer);
  }

  targets() {
    const moves = this.myMoves();
    if (!moves || this.selected == null) return;
    const g = this.g;
    const dests = moves[this.selected] || [];
    const n = this.state.position[this.viewer()].points;
    for (const d of dests) {
      if (d === 25) {
        this.rect(946, g.H / 2 + 10, 46, g.H / 2 - g.F - 10, { rx: 6, class: 'target', 'data-target': 25 });
        continue;
      }
      const [x, y] = g.slot(d, n[d] || 0);
      this.circle(x, y, R - 4, { class: 'target', 'data-target': d });
    }
  }

  /**
   * Arrows for steps given in {@code mover}'s frame: {@code kind} 'best' (gold), 'played'
   * (blue) or 'hint'; a label (the equity lost) at the end of the last one.
   */
  arrows(steps, mover, kind, label) {
    const g = this.g;
    const me = this.viewer();
    let defs = this.svg.querySelector('defs');
    if (!defs) defs = el('defs', {}, this.svg);
    if (!this.svg.querySelector('#head-' + kind)) {
      const marker = el('marker', { id: 'head-' + kind, markerWidth: 4, markerHeight: 4, refX: 2.5, refY: 2, orient: 'auto', markerUnits: 'strokeWidth' }, defs);
      el('path', { d: 'M0,0 L4,2 L0,4 Z', class: 'arrowhead-' + kind }, marker);
    }
    const shift = kind === 'played' ? -14 : kind === 'best' ? 14 : 0;
    const centre = r => {
      if (r === 25) return [969 + shift / 2, mover === me ? g.H - 120 : 120];
      const v = mover === me ? r : otherFrame(r);
      const { top, col } = g.place(v);
      return [g.colX(col) + shift, top ? g.tipY(true) - 60 : g.tipY(false) + 60];
    };
    const layer = el('g', { class: 'arrows arrows-' + kind, 'pointer-events': 'none' }, this.svg);
    let end = null;
    // The same step made by several checkers is one arrow with its count.
    const counts = new Map();
    for (const [from, to] of steps) counts.set(from + '/' + to, (counts.get(from + '/' + to) || 0) + 1);
    for (const [key, n] of counts) {
      const [from, to] = key.split('/').map(Number);
      const [x1, y1] = g.map(...centre(from));
      const [x2, y2] = g.map(...centre(to));
      const corner = viewPoint(from, mover, me) === 12 && viewPoint(to, mover, me) === 13;
      if (corner) {
        // Round the left end, along the felt's edge, ending a little into the talon's stack.
        const [ax, ay] = centre(12);
        const [bx, by] = centre(13);
        const bend = [[ax, ay], [26, ay + 36], [26, by + 18], [bx, by + 54]].map(([x, y]) => g.map(x, y).join(','));
        el('path', { d: 'M' + bend.join(' L'), fill: 'none', class: 'arrow arrow-' + kind, 'marker-end': `url(#head-${kind})` }, layer);
      } else {
        el('line', { x1, y1, x2, y2, class: 'arrow arrow-' + kind, 'marker-end': `url(#head-${kind})` }, layer);
      }
      if (n > 1) {
        const c = el('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 12, class: 'arrow-label arrow-label-' + kind, 'text-anchor': 'middle' }, layer);
        c.textContent = '×' + n;
      }
      end = [x2, y2];
    }
    if (label && end) {
      const tx = el('text', { x: end[0], y: end[1] + (kind === 'played' ? 28 : -22), class: 'arrow-label arrow-label-' + kind, 'text-anchor': 'middle' }, layer);
      tx.textContent = label;
    }
    layer.setAttribute('aria-hidden', 'true');
    // The stacks' counts are drawn again on top: an arrow or its label must not hide how many stand there.
    for (const c of this.svg.querySelectorAll('.count, .b-count')) this.svg.appendChild(c);
  }

  /**
   * Glides the checkers of a play from the board shown to the next, step by step; resolves
   * when done. {@code steps} are in {@code mover}'s frame.
   */
  async animate(steps, mover, perStep) {
    if (!perStep || !steps.length || !this.state) return;
    const me = this.viewer();
    this.animating = true;
    try {
      // Work on a copy of the board shown: each step moves one checker.
      let shown = JSON.parse(JSON.stringify(this.state));
      for (const [from, to] of steps) {
        const side = shown.position[mover];
        if (!side.points[from]) break;
        const vf = viewPoint(from, mover, me);
        const vt = viewPoint(to, mover, me);
        this.render(shown);
        const top = this.svg.querySelector(`.checker[data-top="${vf}"]`);
        const n = side.points[from];
        const [x1, y1] = top ? [Number(top.getAttribute('cx')), Number(top.getAttribute('cy'))]
          : this.g.map(...this.g.slot(vf, Math.min(n, 5) - 1));
        const [x2, y2] = vt === 25 ? this.g.map(969, mover === me ? this.g.H - 60 : 60)
          : this.g.map(...this.g.slot(vt, to < 25 ? (side.points[to] || 0) : 0));
        const ghost = el('circle', { cx: x1, cy: y1, r: top ? top.getAttribute('r') : R, class: 'checker moving c-' + mover }, this.svg);
        if (top) top.remove();
        const anim = ghost.animate([{ transform: 'translate(0px, 0px)' }, { transform: `translate(${x2 - x1}px, ${y2 - y1}px)` }],
          { duration: perStep, easing: 'ease-in-out', fill: 'forwards' });
        await anim.finished.catch(() => {});
        side.points[from]--;
        if (to >= 25) side.off++;
        else side.points[to] = (side.points[to] || 0) + 1;
        if (side.postilion === from) side.postilion = null;
      }
    } finally {
      this.animating = false;
    }
  }

  // --- input: pointer (click or drag), keyboard on the focused point --------------------------
  pointAt(e) {
    const under = e.target && e.target.closest ? e.target : null;
    const hit = under && under.closest('[data-target],[data-point]');
    if (!hit) return null;
    return Number(hit.getAttribute('data-target') || hit.getAttribute('data-point'));
  }

  /** What a press on route point r (viewer's frame) does: select, play to it, or say why not. */
  press(r) {
    const moves = this.myMoves();
    if (!moves) return false;
    if (this.selected != null && (moves[this.selected] || []).includes(r)) {
      const from = this.selected;
      this.selected = null;
      this.handlers.step(from, r);
      return true;
    }
    if (moves[r]) {
      this.selected = this.selected === r ? null : r;
      this.render(this.state);
      return true;
    }
    const blocked = this.state.blocked && this.state.blocked[r];
    if (blocked && this.handlers.refused) this.handlers.refused(r, blocked);
    if (this.selected != null) {
      this.selected = null;
      this.render(this.state);
    }
    return false;
  }

  down(e) {
    const r = this.pointAt(e);
    if (r == null) return;
    const moves = this.myMoves();
    if (moves && moves[r] && this.selected !== r) {
      this.drag = { from: r, x: e.clientX, y: e.clientY, moved: false };
    }
    this.press(r);
    if (moves) e.preventDefault();
  }

  move(e) {
    if (!this.drag) return;
    if (Math.hypot(e.clientX - this.drag.x, e.clientY - this.drag.y) > 8) this.drag.moved = true;
    if (!this.drag.moved) return;
    const p = this.svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    const q = p.matrixTransform(this.svg.getScreenCTM().inverse());
    if (!this.ghost) this.ghost = el('circle', { r: R, class: 'checker ghost c-' + this.viewer(), 'pointer-events': 'none' }, this.svg);
    this.ghost.setAttribute('cx', q.x);
    this.ghost.setAttribute('cy', q.y);
  }

  up(e) {
    const drag = this.drag;
    this.drag = null;
    if (this.ghost) { this.ghost.remove(); this.ghost = null; }
    if (!drag || !drag.moved) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const hit = under && under.closest && under.closest('[data-target],[data-point]');
    if (!hit) return;
    const to = Number(hit.getAttribute('data-target') || hit.getAttribute('data-point'));
    const dests = (this.myMoves() || {})[drag.from] || [];
    if (dests.includes(to)) {
      this.selected = null;
      this.handlers.step(drag.from, to);
    }
  }

  key(e) {
    const hit = e.target.closest && e.target.closest('.hit');
    if (!hit) return;
    const r = Number(hit.getAttribute('data-point'));
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.press(r);
    } else if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
      // Along the route: forward with → or ↓, back with ← or ↑ (the tray after 24).
      e.preventDefault();
      e.stopPropagation();
      const next = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? (r >= 25 ? 1 : r + 1) : (r <= 1 ? 25 : r - 1);
      const f = this.svg.querySelector(`.hit[data-point="${next}"]`);
      if (f) f.focus();
    }
  }
}
