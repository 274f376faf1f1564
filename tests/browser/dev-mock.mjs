// dev-mock.mjs -- a development aid, not a test: serves web/ and a rough imitation of
// `volley serve`'s API (docs/serve.md) for one side of a game, by replaying the answers so far
// through `volley play --json --script` on each request. Slow and partial (no tells, no
// secrets, no bots); for working on the page without the server.
//   node tests/browser/dev-mock.mjs [SCENARIO] [PORT]   then open http://127.0.0.1:PORT/US/
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const top = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const volley = path.join(top, 'build/volley');
const scenario = process.argv[2] || 'rough-and-ready/palo-alto';
const port = Number(process.argv[3] || 8049);
const lines = [];
let version = 1;
const streams = new Set();

function run(extra) {
  const script = path.join(fs.mkdtempSync('/tmp/volley-mock-'), 's.txt');
  fs.writeFileSync(script, [...lines, ...extra].join('\n') + '\n');
  const r = spawnSync(volley, ['play', scenario, '--seed', '3', '--json', '--no-autosave', '--script', script],
    { cwd: top, encoding: 'utf8', maxBuffer: 1 << 28 });
  const out = r.stdout || '', err = r.stderr || '', rc = r.status;
  return { events: out.split('\n').filter(Boolean).map((l) => JSON.parse(l)), err, rc, script };
}

const UNITS = 'lua (function() local o = {} for id, u in pairs(game.units) do o[#o + 1] = table.concat({id, tostring(u.at), u.side, tostring(u.facing), u.kind, tostring((u.markers or {}).hits or 0), tostring((u.markers or {}).disordered or false), tostring((u.markers or {}).square or false), tostring((u.values or {}).morale or ""), tostring((u.values or {}).morale_reverse or "")}, "|") end table.sort(o) return table.concat(o, ";") end)()';

function state() {
  const { events, err } = run(['?']);
  const req = [...events].reverse().find((e) => e.event === 'request');
  const over = events.find((e) => e.event === 'game_over');
  const cps = events.filter((e) => e.event === 'checkpoint');
  const log = [];
  for (const e of events) {
    if (e.event === 'result') log.push({ n: log.length + 1, text: e.text });
    if (e.event === 'roll') log.push({ n: log.length + 1, roll: e });
  }
  const def = (err.match(/^default: (.*)$/m) || [])[1];
  return {
    v: 1, side: 'US', sides: ['US', 'MEX'], bots: [], scenario, title: scenario, version,
    decision: cps.length, view_hash: cps.length ? cps[cps.length - 1].state_hash : null,
    over: !!over, winner: over ? over.winner : null, reason: over ? over.reason : null,
    request: req && !over ? { ...req, mine: true, count: req.options.length, default: def, tells: [] } : null,
    log: log.slice(-300), log_count: log.length,
  };
}

function units() {
  const { err } = run([UNITS]);
  const m = err.match(/^"(.*)"$/m);
  const out = [];
  for (const rec of (m ? m[1] : '').split(';').filter(Boolean)) {
    const [id, at, side, facing, kind, hits, dis, sq, mo, mr] = rec.split('|');
    out.push({ id, side, kind, where: at === 'nil' ? 'not set up' : at, hex: /^\d{4}$/.test(at) ? at : undefined,
      facing: facing === 'nil' ? undefined : facing, hits: Number(hits), disordered: dis === 'true',
      square: sq === 'true', rating: mo ? (mr ? `${mo}/${mr}` : mo) : '', lines: [`${id} (${side} ${kind})`] });
  }
  return { units: out };
}

function board() {
  const f = `/tmp/volley-mock-${process.pid}.svg`;
  run([`svg ${f}`]);
  return fs.readFileSync(f, 'utf8');
}

function reach(unit) {
  const { err } = run([`reach ${unit}`]);
  const line = err.split('\n').find((l) => l.startsWith('reach of')) || '';
  const hexes = [...line.matchAll(/(\d{4})\((\d+)\)/g)].map((x) => ({ hex: x[1], cost: Number(x[2]) }));
  return { unit, from: (line.match(/from (\d{4})/) || [])[1], hexes, lines: hexes.length ? [] : [line] };
}

function command(line) {
  const before = run([]).events.filter((e) => e.event === 'checkpoint').length;
  const r = run([line]);
  const after = r.events.filter((e) => e.event === 'checkpoint').length;
  const refused = /:\d+: /.test(r.err.split('\n').filter((l) => !l.startsWith('(default')).join('\n'));
  if (refused && after === before) return [422, { ok: false, error: `refused: ${r.err.split('\n').find((l) => /:\d+: /.test(l))}`, output: [] }];
  if (after !== before) { lines.push(line); version++; for (const s of streams) s.write(`data: {"event":"update","v":1,"version":${version}}\n\n`); }
  return [200, { ok: true, taken: after !== before, output: r.err.split('\n').filter((l) => l && !l.startsWith('stopped at')).slice(-40), version }];
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const m = u.pathname.match(/^\/US\/(.*)$/);
  const send = (code, body, type = 'application/json') => {
    res.writeHead(code, { 'Content-Type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  if (!m) return send(404, { ok: false, error: 'no such path' });
  const p = m[1];
  try {
    if (p === 'api/state') return send(200, state());
    if (p === 'api/units') return send(200, units());
    if (p === 'api/board.svg') return send(200, board(), 'image/svg+xml');
    if (p === 'api/reach') return send(200, reach(u.searchParams.get('unit')));
    if (p === 'api/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: {"event":"hello","v":1,"version":${version}}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return undefined;
    }
    if (p === 'api/command' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { const [code, b] = command(JSON.parse(body).line); send(code, b); });
      return undefined;
    }
    const file = path.join(top, 'web', p || 'index.html');
    if (/^[A-Za-z0-9_.-]*$/.test(p) && fs.existsSync(file)) return send(200, fs.readFileSync(file, 'utf8'), TYPES[path.extname(file)] || 'text/plain');
    return send(404, { ok: false, error: 'no such path' });
  } catch (e) {
    return send(500, { ok: false, error: String(e) });
  }
}).listen(port, '127.0.0.1', () => console.log(`US: http://127.0.0.1:${port}/US/`));
