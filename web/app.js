// app.js -- volley serve's page: one side's view of one game (docs/serve.md "The page").
// It reads the server's API (relative URLs: the page lives under /<SIDE>/), draws the board,
// the pending request's answers, the selected unit, the log, and follows the event stream.

import { Board } from './board.js';
import { readOptions, ofUnit, groups, targetKind, words, facingWord } from './answers.js';

const $ = (id) => document.getElementById(id);

const page = {
  state: null,      // the last /api/state
  units: [],        // the last /api/units
  byId: new Map(),  // id -> unit
  byHex: new Map(), // hex -> [unit]
  opts: [],         // the pending request's options, read (answers.js)
  selected: null,   // a unit id
  reach: null,      // {unit, hexes}
  version: -1,
  newFrom: null,    // the log's length before the game's last change: the entries after it are new
  focused: false,   // the board was shown around the side's units
  busy: false,
  lastHexes: [],
};

const board = new Board($('board'), {
  onHex: (hex, e) => clickHex(hex, e),
  onCounter: (g, hex, e) => clickCounter(g, hex, e),
  onHandle: (word, hex, e) => clickHandle(word, hex, e),
  onBackground: () => { hideMenu(); select(null); },
});
page.board = board;
window.volleyPage = page; // for the browser tests and a curious player's console

// ---- the server -------------------------------------------------------------------------

async function getJSON(url) {
  const r = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  const body = await r.json().catch(() => ({ ok: false, error: `${url}: ${r.status} ${r.statusText}` }));
  if (!r.ok) throw new Error(body.error || `${url}: ${r.status}`);
  return body;
}

async function post(path, line) {
  const r = await fetch(path, {
    method: 'POST', credentials: 'same-origin', cache: 'no-store',
    headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ line }),
  });
  const body = await r.json().catch(() => ({ ok: false, error: `${r.status} ${r.statusText}` }));
  return { status: r.status, body };
}

/** Sends a command line (an answer or any prompt command); shows what the prompt printed. */
async function send(line) {
  hideMenu();
  if (page.busy) return;
  page.busy = true;
  document.body.dataset.busy = '1';
  try {
    const { status, body } = await post('api/command', line);
    const out = $('output');
    const lines = [`> ${line}`, ...(body.output || []).slice(-60)];
    if (status >= 400) lines.push(body.error || `refused (${status})`);
    out.textContent = lines.join('\n');
    out.classList.toggle('refused', status >= 400);
    if (body.taken) { page.selected = null; page.reach = null; }
    if (body.version !== undefined && body.version !== page.version) await refresh();
  } catch (err) {
    showError(err);
  } finally {
    page.busy = false;
    delete document.body.dataset.busy;
  }
}

function showError(err) {
  const out = $('output');
  out.textContent = String(err && err.message ? err.message : err);
  out.classList.add('refused');
}

let refreshing = null;
let again = false;
/** Fetches the state, the units and the board, and redraws everything. */
async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const [state, units, svg] = await Promise.all([
        getJSON('api/state'), getJSON('api/units'),
        fetch('api/board.svg', { credentials: 'same-origin', cache: 'no-store' }).then((r) => {
          if (!r.ok) throw new Error(`api/board.svg: ${r.status}`);
          return r.text();
        }),
      ]);
      // the entries new since the game last changed stay marked until it changes again
      if (!page.state) page.newFrom = null;
      else if (page.state.version !== state.version) page.newFrom = page.state.log_count;
      const before = page.newFrom;
      page.state = state;
      page.version = state.version;
      setUnits(units.units || []);
      const first = !board.svg;
      board.load(svg);
      // the first view holds the side's units (once they are on the map: an army that
      // enters later is shown when it does)
      const mine = list(units.units).filter((u) => u.side === state.side && u.hex).map((u) => u.hex);
      if (first || (!page.focused && mine.length)) {
        board.focus(mine.length ? mine : [...board.hexes.keys()]);
        page.focused = mine.length > 0;
      }
      tooltips();
      page.opts = readOptions(state.request && state.request.mine ? state.request.options : [], {
        hexes: new Set(board.hexes.keys()), units: page.byId, layout: board.layout,
      });
      if (page.selected && !page.byId.has(page.selected)) page.selected = null;
      drawBar();
      drawRequest();
      drawLog(before);
      await drawSelection();
      document.body.dataset.state = state.over ? 'over' : 'ready';
      document.body.dataset.version = String(state.version);
      document.body.dataset.decision = String(state.decision);
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

function list(x) { return Array.isArray(x) ? x : []; }

/** A counter's tooltip: the units it stands for (a stack's all), one line each. */
function tooltips() {
  if (!board.svg) return;
  for (const g of board.svg.querySelectorAll('#units g[data-hex]')) {
    const hex = g.getAttribute('data-hex'), code = g.getAttribute('data-code');
    const here = (page.byHex.get(hex) || []).filter((u) => u.side === g.getAttribute('data-side'));
    const shown = g.classList.contains('stack') ? here.filter((u) => u.kind !== 'leader')
      : here.filter((u) => u.id.slice(0, 12) === code);
    if (!shown.length) continue;
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.textContent = shown.map(unitLine).join('\n');
    g.prepend(t);
  }
}

function setUnits(list) {
  page.units = list;
  page.byId = new Map(list.map((u) => [u.id, u]));
  page.byHex = new Map();
  for (const u of list) {
    if (!u.hex) continue;
    if (!page.byHex.has(u.hex)) page.byHex.set(u.hex, []);
    page.byHex.get(u.hex).push(u);
  }
}

// ---- the bar, the request, the log -------------------------------------------------------

function drawBar() {
  const s = page.state;
  $('title').textContent = s.title || s.scenario || 'volley';
  document.title = `${s.side}: ${s.title || s.scenario} - volley`;
  $('who').textContent = `you are ${s.side}`;
  const turn = $('turn');
  if (s.over) {
    turn.textContent = `game over: ${s.winner ? `${s.winner} wins` : 'no winner'}${s.reason ? ` (${s.reason})` : ''}`;
    turn.className = '';
  } else if (s.request) {
    const bot = (s.bots || []).find((x) => x.side === s.request.side);
    turn.textContent = s.request.mine ? `your answer (decision ${s.request.decision})`
      : `${s.request.side}${bot ? ` (bot ${bot.name})` : ''} to answer ${s.request.kind}`;
    turn.className = s.request.mine ? 'mine' : '';
  } else {
    turn.textContent = '';
  }
  $('hash').textContent = s.view_hash ? `view ${s.view_hash}` : '';
  const t = s.track;
  $('track').textContent = t && t.turn ? [`turn ${t.turn}${t.last ? ` of ${t.last}` : ''}`, t.time, t.light]
    .filter((x) => x !== undefined && x !== null && x !== '').join(', ') : (s.setup ? 'set-up' : '');
  $('undo').disabled = !!s.over;
}

function text(tag, t, cls) {
  const e = document.createElement(tag);
  if (t !== undefined) e.textContent = t;
  if (cls) e.className = cls;
  return e;
}

function answerButton(o, tell, isDefault) {
  const b = text('button', undefined, `answer${isDefault ? ' default' : ''}`);
  b.type = 'button';
  b.dataset.answer = o.text;
  b.append(o.text);
  if (tell) b.append(' ', text('span', tell, 'tell'));
  b.addEventListener('click', () => send(o.text));
  return b;
}

function drawRequest() {
  const s = page.state, r = s.request;
  const p = $('prompt'), a = $('answers');
  p.replaceChildren();
  a.replaceChildren();
  if (!r) {
    p.textContent = s.over ? 'The game is over.' : 'Nothing is asked now.';
    return;
  }
  p.append(text('span', `${r.decision}. ${r.side} ${r.kind}: ${r.prompt} `), text('span', r.rule, 'rule'));
  if (!r.mine) {
    a.append(text('div', `waiting for ${r.side}`));
    return;
  }
  const tells = r.tells || [];
  const def = r.default === undefined ? null : String(r.default);
  if (def !== null) {
    const b = text('button', `default: ${def}`, 'answer default');
    b.type = 'button';
    b.id = 'default';
    b.addEventListener('click', () => send('default'));
    a.append(b);
    if (s.setup === true) {
      const all = text('button', 'default all (the whole set-up)', 'answer');
      all.type = 'button';
      all.id = 'default-all';
      all.addEventListener('click', () => send('default all'));
      a.append(all);
    }
  }
  const gs = groups(page.opts);
  for (const [key, list] of gs) {
    if (list.length === 1 || key === '') {
      for (const o of list) a.append(answerButton(o, tells[o.index], o.text === def));
      continue;
    }
    const d = document.createElement('details');
    d.dataset.group = key;
    d.append(text('summary', `${key || 'answers'} (${list.length})`));
    if (gs.size <= 3 || (page.selected && key === page.selected)) d.open = true;
    for (const o of list) d.append(answerButton(o, tells[o.index], o.text === def));
    a.append(d);
  }
  if (r.count > (r.options || []).length) {
    a.append(text('div', `${r.count - r.options.length} more answers: type them, or ? in the command box`));
  }
}

/** One roll as the page shows it: the die, the modifiers with their rules, the total, the
 * chart's result, the rule. */
function rollNode(roll) {
  const li = text('li', undefined, 'roll');
  li.append(text('span', `${roll.reason || 'roll'}: ${roll.die} `));
  for (const f of roll.faces || [roll.natural]) li.append(text('span', String(f), 'die'));
  for (const m of roll.modifiers || []) {
    const v = m.value >= 0 ? `+${m.value}` : String(m.value);
    li.append(' ', text('span', `${v} ${m.label}${m.rule ? ` ${m.rule}` : ''}`, 'mod'));
  }
  li.append(` = ${roll.total}`);
  if (roll.result !== undefined) {
    const where = [roll.chart, roll.row, roll.column].filter((x) => x !== undefined).join(' ');
    li.append(': ', text('span', String(roll.result), 'result'), where ? ` (${where})` : '');
  }
  if (roll.rule) li.append(' ', text('span', roll.rule, 'rule'));
  if (roll.provisional) li.append(' ', text('span', `(a provisional table: ${roll.provisional})`, 'rule'));
  return li;
}

function drawLog(before) {
  const s = page.state, ol = $('log');
  ol.replaceChildren();
  const entries = s.log || [];
  const firstNew = before === null || before === undefined ? Infinity : before;
  let lastRoll = null;
  const fresh = [];
  for (const e of entries) {
    const li = e.roll ? rollNode(e.roll) : text('li', e.text);
    li.dataset.n = String(e.n);
    if (e.n > firstNew) {
      li.classList.add('new');
      fresh.push(e);
      if (e.roll) lastRoll = e.roll;
    }
    ol.append(li);
  }
  const sec = $('log-section');
  sec.scrollTop = sec.scrollHeight;
  // the last event: the hexes the newest lines name
  const named = new Set();
  for (const e of fresh.length ? fresh : entries.slice(-1)) {
    const t = e.text || (e.roll && e.roll.reason) || '';
    for (const w of t.split(/[^A-Za-z0-9_.\-+/]+/)) {
      if (board.hexes.has(w)) named.add(w);
      else if (page.byId.has(w) && page.byId.get(w).hex) named.add(page.byId.get(w).hex);
    }
  }
  page.lastHexes = [...named];
  const box = $('roll');
  if (lastRoll) {
    box.replaceChildren(...rollNode(lastRoll).childNodes);
    box.hidden = false;
  } else if (fresh.length) {
    box.hidden = true;
  }
}

// ---- selection and pointing --------------------------------------------------------------

async function select(id) {
  page.selected = id;
  page.reach = null;
  await drawSelection();
  drawRequest();
}

function unitLine(u) {
  const bits = [u.id, u.side];
  if (u.rating) bits.push(`rating ${u.rating}`);
  if (u.hits) bits.push(`Hits ${u.hits}`);
  if (u.disordered) bits.push('Disordered');
  if (u.square) bits.push('Square');
  if (u.facing) bits.push(`facing ${u.facing}`);
  bits.push(u.hex ? `in ${u.hex}` : u.where);
  return bits.join(', ');
}

/** The side panel and the overlay for the selection: the unit's lines, its stack, its reach
 * and its targets; with nothing selected, the hexes the pending answers name. */
async function drawSelection() {
  board.clearOverlay();
  board.drawLast(page.lastHexes);
  const panel = $('selected');
  const id = page.selected;
  const r = page.state && page.state.request;
  if (!id) {
    panel.textContent = 'Click a counter to see it: its reach and its targets are drawn on the map.';
    drawTargets(page.opts.filter((o) => o.units.length === 0));
    // the units the request names alone: a click on one answers it
    for (const o of page.opts) {
      const u = o.words.length === 1 && o.units.length === 1 && page.byId.get(o.units[0]);
      if (u && u.hex) board.drawTarget(u.hex, 'other');
    }
    drawFacingHandles(null);
    return;
  }
  const u = page.byId.get(id);
  panel.replaceChildren();
  if (!u) return;
  if (u.hex) board.drawSelected(u.hex);
  const stack = u.hex ? page.byHex.get(u.hex) || [] : [u];
  if (stack.length > 1) {
    const list = text('div', undefined, 'stack-list');
    list.append(text('div', `${stack.length} in ${u.hex}:`));
    for (const s of stack) {
      const b = text('button', `${s.id === id ? '\u25b6 ' : ''}${unitLine(s)}`, 'answer');
      b.type = 'button';
      b.dataset.unit = s.id;
      b.addEventListener('click', () => select(s.id));
      list.append(b);
    }
    panel.append(list);
  }
  panel.append(text('div', (u.lines || [unitLine(u)]).join('\n'), 'unit-lines'));
  // the reach (the same query as the prompt's reach), when the unit may move now
  const mine = ofUnit(page.opts, id);
  if (r && r.mine && mine.some((o) => o.hexes.length && o.keyword === null)) {
    try {
      const reach = page.reach && page.reach.unit === id ? page.reach
        : await getJSON(`api/reach?unit=${encodeURIComponent(id)}`);
      if (page.selected !== id) return;
      page.reach = reach;
      board.drawReach(reach.hexes || []);
      if (!(reach.hexes || []).length && reach.lines && reach.lines.length) panel.append(text('div', reach.lines.join('\n'), 'unit-lines'));
    } catch (err) {
      panel.append(text('div', String(err.message || err), 'unit-lines'));
    }
  }
  drawTargets(mine);
  drawFacingHandles(id);
}

function drawTargets(list) {
  const r = page.state && page.state.request;
  if (!r || !r.mine) return;
  const seen = new Set();
  for (const o of list) {
    if (!o.hexes.length) continue;
    const hex = o.hexes[o.hexes.length - 1];
    if (seen.has(hex)) continue;
    seen.add(hex);
    board.drawTarget(hex, targetKind(r.kind, o));
  }
}

/** The hex a facing answer turns: the selected unit's, else the one the prompt names. */
function facingAnchor(id) {
  if (id && page.byId.get(id)) return page.byId.get(id).hex;
  const r = page.state && page.state.request;
  if (!r) return null;
  const ws = String(r.prompt).split(/[^A-Za-z0-9_.\-+/]+/);
  for (const w of ws) if (board.hexes.has(w)) return w;
  for (const w of ws) if (page.byId.has(w) && page.byId.get(w).hex) return page.byId.get(w).hex;
  return null;
}

function drawFacingHandles(id) {
  const r = page.state && page.state.request;
  if (!r || !r.mine) return;
  const list = page.opts.filter((o) => o.facing && (id ? o.units.includes(id) : o.units.length === 0));
  if (!list.length) return;
  const hex = facingAnchor(id);
  if (!hex) return;
  const w = words(board.layout);
  const uniq = [...new Set(list.map((o) => o.facing))].map((word) => ({ word }));
  board.drawHandles(hex, uniq, w.vertices, w.sides);
}

/** Answers at once when one option fits, else offers the ones that do in a menu. */
function choose(cands, e, title) {
  if (cands.length === 1) { send(cands[0].text); return true; }
  if (cands.length > 1) { showMenu(title, cands.map((o) => ({ label: o.text, act: () => send(o.text) })), e); return true; }
  return false;
}

function clickHex(hex, e) {
  hideMenu();
  const id = page.selected;
  if (id) {
    const cands = ofUnit(page.opts, id).filter((o) => o.hexes.includes(hex));
    if (choose(cands, e, `${id} to ${hex}`)) return;
  }
  const cands = page.opts.filter((o) => o.hexes.includes(hex) && o.units.length === 0);
  if (choose(cands, e, hex)) return;
  const foes = (page.byHex.get(hex) || []).some((u) => u.side !== page.state.side);
  if (id && foes && compound(id, hex, e)) return;
  if (!id) {
    const any = page.opts.filter((o) => o.hexes.includes(hex));
    if (choose(any, e, hex)) return;
  }
  const here = page.byHex.get(hex) || [];
  if (here.length) { pickUnit(here, hex, e); return; }
  select(null);
}

function clickCounter(g, hex, e) {
  hideMenu();
  const id = page.selected;
  const here = (hex ? page.byHex.get(hex) : null) || [];
  // a target of the selected unit (fire, shock, a move into a friendly hex)
  if (id && hex && !here.some((u) => u.id === id)) {
    const cands = ofUnit(page.opts, id).filter((o) => o.hexes.includes(hex));
    if (choose(cands, e, `${id} at ${hex}`)) return;
    if (here.some((u) => u.side !== page.state.side) && compound(id, hex, e)) return;
  }
  // a set-up or retreat hex under counters
  const named = page.opts.filter((o) => hex && o.hexes.includes(hex) && o.units.length === 0);
  const acting = here.filter((u) => page.opts.some((o) => o.units.includes(u.id)));
  if (!acting.length && choose(named, e, hex)) return;
  if (!here.length) {
    // off the map: a track space or a box
    const code = g.getAttribute('data-code');
    const u = page.units.find((x) => x.id.slice(0, 12) === code && !x.hex);
    if (u) pickOne(u.id);
    return;
  }
  // a unit's or a leader's own counter: that one; a stack's: its units to choose from
  const code = g.getAttribute('data-code');
  const own = here.filter((u) => u.id.slice(0, 12) === code);
  if (!g.classList.contains('stack') && own.length === 1) { pickOne(own[0].id); return; }
  pickUnit(acting.length ? acting.concat(here.filter((u) => !acting.includes(u))) : here, hex, e);
}

/** Where the request offers a bare word for an action that asks its target next (Rough &
 * Ready's fire and shock at the move request), the line that says both at once: the command
 * language carries it to the next request (docs/shell.md "One line per decision"); the rules
 * check it there. */
function compound(id, hex, e) {
  const acts = page.opts.filter((o) => o.words.length === 1 && /^(fire|shock)$/.test(o.keyword || ''));
  if (!acts.length) return false;
  showMenu(`${id} at ${hex}`, acts.map((o) => ({ label: `${o.keyword} ${id} ${hex}`, act: () => send(`${o.keyword} ${id} ${hex}`) })), e);
  return true;
}

/** The answer that is a unit's id alone (a gun to take along, the unit to take a Hit, one to
 * rally), or null. */
function bareAnswer(id) {
  return page.opts.find((o) => o.words.length === 1 && o.units.length === 1 && o.units[0] === id) || null;
}

/** A unit picked: its bare answer when the request offers one, else its selection. */
function pickOne(id) {
  const o = bareAnswer(id);
  if (o) send(o.text);
  else select(id);
}

/** Selects the one unit of a hex, or offers its stack in a menu (the stack expanded). */
function pickUnit(list, hex, e) {
  if (list.length === 1) { pickOne(list[0].id); return; }
  showMenu(`${list.length} units in ${hex}`, list.map((u) => {
    const o = bareAnswer(u.id);
    return o ? { label: `${o.text} (answer)`, act: () => send(o.text), answer: o.text }
      : { label: unitLine(u), act: () => select(u.id), unit: u.id };
  }), e);
}

function clickHandle(word, hex, e) {
  hideMenu();
  const id = page.selected;
  const cands = page.opts.filter((o) => o.facing === word && (id ? o.units.includes(id) : o.units.length === 0));
  choose(cands, e, `face ${word}`);
}

// ---- the menu ------------------------------------------------------------------------------

function showMenu(title, items, e) {
  const m = $('menu');
  m.replaceChildren(text('div', title, 'menu-title'));
  for (const it of items) {
    const b = text('button', it.label);
    b.type = 'button';
    if (it.unit) b.dataset.unit = it.unit;
    else b.dataset.answer = it.answer || it.label;
    b.addEventListener('click', () => { hideMenu(); it.act(); });
    m.append(b);
  }
  const wrap = $('board-wrap').getBoundingClientRect();
  const x = e && e.clientX !== undefined ? e.clientX - wrap.left : 20;
  const y = e && e.clientY !== undefined ? e.clientY - wrap.top : 20;
  m.style.left = `${Math.max(0, Math.min(x + 8, wrap.width - 260))}px`;
  m.style.top = `${Math.max(0, Math.min(y + 8, wrap.height - 120))}px`;
  m.hidden = false;
}

function hideMenu() { $('menu').hidden = true; }

// ---- the buttons, the command box, the event stream ------------------------------------------

$('zoom-in').addEventListener('click', () => board.zoom(1.25));
$('zoom-out').addEventListener('click', () => board.zoom(1 / 1.25));
$('zoom-fit').addEventListener('click', () => board.fit());
$('undo').addEventListener('click', () => send('undo'));
$('save').addEventListener('click', () => {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const name = `${(page.state && page.state.side) || 'game'}-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  send(`save ${name}.save`);
});
$('cmd-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const line = $('cmd').value.trim();
  if (!line) return;
  $('cmd').value = '';
  send(line);
});
$('roll').addEventListener('click', () => { $('roll').hidden = true; });
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') { hideMenu(); select(null); }
});

function listen() {
  const es = new EventSource('api/events');
  es.onopen = () => $('live').classList.add('on');
  es.onerror = () => $('live').classList.remove('on');
  es.onmessage = (m) => {
    let ev;
    try { ev = JSON.parse(m.data); } catch { return; }
    if ((ev.event === 'hello' || ev.event === 'update' || ev.event === 'game_over')
        && (ev.version === undefined || ev.version !== page.version)) {
      refresh().catch(showError);
    }
  };
}

refresh().then(listen).catch((err) => {
  document.body.dataset.state = 'error';
  showError(err);
});
