// board.js -- the server's SVG made interactive: pan (drag) and zoom (wheel, buttons), the
// hexes' centres, vertices and hexsides read from their polygons (the renderer writes vertex 0
// first, hex.md's order), and an overlay layer for the reach, the targets, the facing handles,
// the selection and the last event.

const NS = 'http://www.w3.org/2000/svg';

export class Board {
  /** @param {HTMLElement} host the element the SVG goes in
   * @param {{onHex: Function, onCounter: Function, onHandle: Function, onBackground: Function}} handlers */
  constructor(host, handlers) {
    this.host = host;
    this.handlers = handlers;
    this.svg = null;
    this.view = null;      // the viewBox now {x, y, w, h}
    this.full = null;      // the whole picture's viewBox
    this.hexes = new Map(); // label -> {poly, cx, cy, pts: [[x, y] x6]}
    this.layout = 'flat-top';
    this.drag = null;
    host.addEventListener('pointerdown', (e) => this.pointerDown(e));
    host.addEventListener('pointermove', (e) => this.pointerMove(e));
    host.addEventListener('pointerup', (e) => this.pointerUp(e));
    host.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
  }

  /** Replaces the picture with the SVG text, keeping the pan and zoom. */
  load(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg') throw new Error('the board is not an SVG picture');
    const svg = document.importNode(root, true);
    const vb = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    const full = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    this.layout = svg.getAttribute('data-layout') || 'flat-top';
    const keep = this.view && this.full && this.full.w === full.w && this.full.h === full.h;
    this.full = full;
    if (!keep) this.view = this.mapView();
    this.host.replaceChildren(svg);
    this.svg = svg;
    this.hexes.clear();
    for (const poly of svg.querySelectorAll('polygon.hex')) {
      const pts = poly.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number));
      const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
      const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
      this.hexes.set(poly.getAttribute('data-hex'), { poly, cx, cy, pts });
    }
    // the reach under the counters; the marks and the handles over them
    this.under = this.el('g', { id: 'overlay-under' });
    this.overlay = this.el('g', { id: 'overlay' });
    this.handlesLayer = this.el('g', { id: 'handles' });
    const units = svg.querySelector('#units');
    if (units) svg.insertBefore(this.under, units);
    else svg.appendChild(this.under);
    svg.appendChild(this.overlay);
    svg.appendChild(this.handlesLayer);
    this.apply();
  }

  /** The map's own part of the picture (the hexes), with a margin: the first view. */
  mapView() {
    return { ...this.full };
  }

  apply() {
    if (!this.svg) return;
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  /** Shows the hexes given (their bounding box, a hex or two around it), at a scale where a
   * counter's text can be read. */
  focus(labels) {
    const hs = labels.map((l) => this.hexes.get(l)).filter(Boolean);
    if (!hs.length || !this.full) return;
    let x0 = Math.min(...hs.map((h) => h.cx)) - 90, x1 = Math.max(...hs.map((h) => h.cx)) + 90;
    let y0 = Math.min(...hs.map((h) => h.cy)) - 80, y1 = Math.max(...hs.map((h) => h.cy)) + 80;
    const r = this.host.clientHeight / Math.max(1, this.host.clientWidth) || 0.7;
    let w = Math.max(x1 - x0, (y1 - y0) / r, 500);
    // kept within the map's hexes (a small map is shown whole, without the title above it)
    const all = [...this.hexes.values()];
    const mx0 = Math.min(...all.map((q) => q.cx)) - 40, mx1 = Math.max(...all.map((q) => q.cx)) + 40;
    const my0 = Math.min(...all.map((q) => q.cy)) - 40, my1 = Math.max(...all.map((q) => q.cy)) + 40;
    w = Math.min(w, Math.max(mx1 - mx0, (my1 - my0) / r));
    const h = w * r;
    const clamp = (c, lo, hi, span) => (hi - lo <= span ? (lo + hi) / 2 : Math.min(Math.max(c, lo + span / 2), hi - span / 2));
    const cx = clamp((x0 + x1) / 2, mx0, mx1, w), cy = clamp((y0 + y1) / 2, my0, my1, h);
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.apply();
  }

  fit() { this.view = { ...this.full }; this.apply(); }

  /** Zooms by factor f about the picture point (px, py) (the view's centre by default). */
  zoom(f, px, py) {
    const v = this.view;
    if (px === undefined) { px = v.x + v.w / 2; py = v.y + v.h / 2; }
    const w = Math.min(Math.max(v.w / f, 60), this.full.w * 4);
    const h = w * v.h / v.w;
    this.view = { x: px - (px - v.x) * w / v.w, y: py - (py - v.y) * h / v.h, w, h };
    this.apply();
  }

  /** The picture point under a client point. */
  toPicture(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /** Centres the view on a hex when it is out of sight or at the view's edge. */
  reveal(label) {
    const h = this.hexes.get(label);
    if (!h) return;
    const v = this.view;
    const m = Math.min(60, v.w / 4, v.h / 4);
    if (h.cx < v.x + m || h.cx > v.x + v.w - m || h.cy < v.y + m || h.cy > v.y + v.h - m) {
      this.view = { ...v, x: h.cx - v.w / 2, y: h.cy - v.h / 2 };
      this.apply();
    }
  }

  wheel(e) {
    if (!this.svg) return;
    e.preventDefault();
    const p = this.toPicture(e.clientX, e.clientY);
    this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
  }

  pointerDown(e) {
    if (!this.svg || e.button !== 0) return;
    this.drag = { x: e.clientX, y: e.clientY, view: { ...this.view }, moved: false, target: e.target };
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 5) return;
    if (!d.moved) {
      d.moved = true;
      this.host.classList.add('dragging');
      this.host.setPointerCapture(e.pointerId);
    }
    const m = this.svg.getScreenCTM();
    const s = m ? m.a : 1;
    this.view = { ...d.view, x: d.view.x - dx / s, y: d.view.y - dy / s };
    this.apply();
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    this.host.classList.remove('dragging');
    if (d.moved) return;
    this.click(d.target, e);
  }

  /** A click (not a drag): a facing handle, a counter, a hex, or nothing. */
  click(target, e) {
    const handle = target.closest && target.closest('.ov-handle');
    if (handle) {
      this.handlers.onHandle(handle.getAttribute('data-word'), handle.getAttribute('data-hex'), e);
      return;
    }
    const counter = target.closest && target.closest('g.unit, g.stack, g.leader');
    if (counter) {
      const where = counter.getAttribute('data-hex');
      this.handlers.onCounter(counter, where, e);
      return;
    }
    const poly = target.closest && target.closest('polygon.hex');
    if (poly) {
      this.handlers.onHex(poly.getAttribute('data-hex'), e);
      return;
    }
    // a click on a hex's number, glyph or road: the hex under the point
    const p = this.toPicture(e.clientX, e.clientY);
    const h = this.hexAt(p.x, p.y);
    if (h) this.handlers.onHex(h, e);
    else this.handlers.onBackground(e);
  }

  /** The hex whose centre is nearest (x, y), when the point is inside it. */
  hexAt(x, y) {
    let best = null, bd = Infinity;
    for (const [label, h] of this.hexes) {
      const d = (h.cx - x) ** 2 + (h.cy - y) ** 2;
      if (d < bd) { bd = d; best = label; }
    }
    if (best === null) return null;
    const h = this.hexes.get(best);
    const r2 = (h.pts[0][0] - h.cx) ** 2 + (h.pts[0][1] - h.cy) ** 2;
    return bd <= r2 ? best : null;
  }

  el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  clearOverlay() {
    if (!this.overlay) return;
    this.under.replaceChildren();
    this.overlay.replaceChildren();
    this.handlesLayer.replaceChildren();
  }

  hexPath(label, inset) {
    const h = this.hexes.get(label);
    if (!h) return null;
    const k = inset || 0;
    return h.pts.map((p, i) => {
      const x = p[0] + (h.cx - p[0]) * k, y = p[1] + (h.cy - p[1]) * k;
      return `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    }).join(' ') + ' Z';
  }

  /** Shades the reach: [{hex, cost}]. */
  drawReach(hexes) {
    for (const { hex, cost } of hexes) {
      const d = this.hexPath(hex);
      if (!d) continue;
      this.under.appendChild(this.el('path', { d, class: 'ov-reach', 'data-hex': hex }));
      const h = this.hexes.get(hex);
      if (cost !== undefined && cost !== null) {
        this.under.appendChild(this.el('text', { x: h.cx, y: h.cy + 24, class: 'ov-cost' },
          String(cost)));
      }
    }
  }

  /** Outlines a hex as a target of kind (move, fire, shock, other). */
  drawTarget(hex, kind) {
    const d = this.hexPath(hex, 0.12);
    if (!d) return;
    this.overlay.appendChild(this.el('path', { d, class: `ov-target ${kind}`, 'data-hex': hex }));
  }

  drawSelected(hex) {
    const d = this.hexPath(hex, 0.05);
    if (d) this.overlay.appendChild(this.el('path', { d, class: 'ov-selected', 'data-hex': hex }));
  }

  drawLast(hexes) {
    for (const hex of hexes) {
      const d = this.hexPath(hex, 0.2);
      if (d) this.overlay.appendChild(this.el('path', { d, class: 'ov-last', 'data-hex': hex }));
    }
  }

  /** Facing handles around a hex: words [{word, kind: 'vertex'|'side'}] on its vertices or the
   * middles of its hexsides (vertex k of the polygon; hexside k between vertices k-1 and k). */
  drawHandles(hex, list, vertexWords, sideWords) {
    const h = this.hexes.get(hex);
    if (!h) return;
    for (const { word } of list) {
      let x, y;
      const vk = vertexWords.indexOf(word), sk = sideWords.indexOf(word);
      if (vk >= 0) {
        [x, y] = h.pts[vk];
      } else if (sk >= 0) {
        const a = h.pts[(sk + 5) % 6], b = h.pts[sk];
        x = (a[0] + b[0]) / 2; y = (a[1] + b[1]) / 2;
      } else {
        continue;
      }
      // a little outside the hex, so the handle does not cover the counter
      x = h.cx + (x - h.cx) * 1.15; y = h.cy + (y - h.cy) * 1.15;
      const g = this.el('g', {});
      g.appendChild(this.el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 8, class: 'ov-handle',
        'data-word': word, 'data-hex': hex }));
      g.appendChild(this.el('text', { x: x.toFixed(1), y: (y + 2.5).toFixed(1), class: 'ov-handle-text' },
        word));
      this.handlesLayer.appendChild(g);
    }
  }

  /** The client point of a hex's centre (for a menu beside it). */
  clientPoint(hex) {
    const h = this.hexes.get(hex);
    const m = this.svg && this.svg.getScreenCTM();
    if (!h || !m) return null;
    const p = new DOMPoint(h.cx, h.cy).matrixTransform(m);
    return { x: p.x, y: p.y };
  }
}
