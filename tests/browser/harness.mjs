// harness.mjs -- what the browser tests share: `volley serve` started and stopped, Debian's
// Chromium driven by playwright-core, a side's page opened with its errors recorded, and the
// page pointed at as a player would (a hex, a counter, a facing handle, an answer button), each
// answer waited for through the server's reply and the page's redraw (no timed waits).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const top = path.resolve(here, '../..');

export function fail(msg) {
  const e = new Error(msg);
  e.volleyFail = true;
  throw e;
}

export function check(cond, msg) {
  if (!cond) fail(msg);
}

/** A fresh folder under the system's temporary folder, removed at exit. */
export function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'volley-browser-'));
  process.on('exit', () => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

/** Runs `volley serve ARGS` (in cwd), waits for one URL line per side in `sides`, returns
 * {urls: {SIDE: url}, stop(), out()}. */
export async function serve(volley, args, sides, cwd) {
  const child = spawn(volley, ['serve', ...args, '--port', '0', '--no-autosave'], {
    cwd: cwd || top,
    env: { ...process.env, VOLLEY_WEB_DIR: path.join(top, 'web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '', err = '';
  child.stderr.on('data', (d) => { err += d; });
  const urls = {};
  await new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`volley serve printed no URL for ${sides.join(', ')} in 60 s:\n${out}\n${err}`)), 60000);
    child.stdout.on('data', (d) => {
      out += d;
      for (const m of out.matchAll(/^([A-Za-z0-9_-]+): (http:\/\/127\.0\.0\.1:\d+\/\S+)$/gm)) urls[m[1]] = m[2];
      if (sides.every((s) => urls[s])) { clearTimeout(guard); resolve(); }
    });
    child.on('exit', (code) => { clearTimeout(guard); reject(new Error(`volley serve ${args.join(' ')} exited ${code}:\n${out}\n${err}`)); });
  });
  child.removeAllListeners('exit');
  const done = new Promise((resolve) => child.on('exit', (code, sig) => resolve({ code, sig })));
  return {
    urls,
    out: () => `${out}\n${err}`,
    async stop() {
      child.kill('SIGTERM');
      const r = await done;
      check(r.code === 0, `volley serve exited ${r.code} (${r.sig}) on SIGTERM:\n${out}\n${err}`);
    },
  };
}

/** Debian's Chromium (VOLLEY_CHROMIUM names another), headless. */
export async function browser() {
  const exe = process.env.VOLLEY_CHROMIUM || '/usr/bin/chromium';
  return chromium.launch({ executablePath: exe, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Opens a side's URL in a context of its own; records every uncaught exception and console
 * error of the page (a 4xx the page asked for is logged by Chromium as a failed resource: not
 * an error of the page's), the bodies of the API's answers and the event stream's messages. */
export async function open(b, url, name) {
  const context = await b.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.volley = { name, errors: [], bodies: [], shots: 0 };
  page.on('pageerror', (e) => page.volley.errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
      page.volley.errors.push(`console: ${m.text()}`);
    }
  });
  page.on('response', async (r) => {
    if (!/\/api\//.test(r.url()) || /\/api\/events/.test(r.url())) return;
    try { page.volley.bodies.push({ url: r.url(), body: await r.text() }); } catch { /* a body gone with its page */ }
  });
  await page.addInitScript(() => {
    const ES = window.EventSource;
    window.volleyEvents = [];
    window.EventSource = class extends ES {
      constructor(u, o) {
        super(u, o);
        this.addEventListener('message', (m) => window.volleyEvents.push(m.data));
      }
    };
  });
  await page.goto(url);
  await ready(page);
  noErrors(page);
  return page;
}

export function noErrors(page) {
  check(page.volley.errors.length === 0, `${page.volley.name}: the page's JavaScript failed:\n${page.volley.errors.join('\n')}`);
}

/** Waits for the page to have drawn the game (its first state, or after an answer). */
export async function ready(page) {
  await page.waitForFunction(() => ['ready', 'over', 'error'].includes(document.body.dataset.state)
    && !document.body.dataset.busy, null, { timeout: 60000 });
  const st = await page.evaluate(() => document.body.dataset.state);
  check(st !== 'error', `${page.volley.name}: the page failed to load: ${await page.textContent('#output')}`);
}

/** The page's state as it last fetched it. */
export async function state(page) {
  return page.evaluate(() => window.volleyPage.state);
}

/** Does what act() does (a click), then waits for the server's reply to the command it sent
 * and for the page to show the game at the reply's version. Returns {status, body, line}. */
export async function answer(page, act) {
  const reply = page.waitForResponse((r) => /\/api\/command$/.test(r.url()) && r.request().method() === 'POST', { timeout: 60000 });
  await act();
  const r = await reply;
  const body = await r.json();
  const line = JSON.parse(r.request().postData()).line;
  if (body.version !== undefined) {
    await page.waitForFunction((v) => Number(document.body.dataset.version) >= v && !document.body.dataset.busy, body.version, { timeout: 60000 });
  }
  await ready(page);
  noErrors(page);
  return { status: r.status(), body, line };
}

/** Waits until the page shows a version past v (another side's or a bot's answer). */
export async function waitVersion(page, v) {
  await page.waitForFunction((x) => Number(document.body.dataset.version) > x && !document.body.dataset.busy, v, { timeout: 60000 });
  await ready(page);
}

/** Waits for the next change when no page is asked: every page brought up to the latest
 * version one of them shows, else (all alike) until one shows a later one (the others' waits
 * let go). */
export async function nextChange(pages) {
  const vs = await Promise.all(pages.map(async (p) => (await state(p)).version));
  const top = Math.max(...vs);
  if (vs.some((v) => v < top)) {
    await Promise.all(pages.map((p) => waitVersion(p, top - 1)));
    return;
  }
  const waits = pages.map((p) => waitVersion(p, top));
  for (const w of waits) w.catch(() => {});
  await Promise.race(waits);
}

async function reveal(page, hex) {
  await page.evaluate((h) => window.volleyPage.board.reveal(h), hex);
}

/** Clicks the centre of a hex (whatever is drawn there receives it, as for a player). */
export async function clickHex(page, hex) {
  await reveal(page, hex);
  const p = await page.evaluate((h) => window.volleyPage.board.clientPoint(h), hex);
  check(p, `${page.volley.name}: no hex ${hex} on the board`);
  await page.mouse.click(p.x, p.y);
}

/** Clicks a counter by its code: the left of its body, half way down (inside a leader's
 * rounded counter too; a unit's counter shows there when a leader's is below it). */
export async function clickCounter(page, code) {
  const sel = `#units g[data-code="${code}"]`;
  const hex = await page.getAttribute(sel, 'data-hex');
  if (hex) await reveal(page, hex);
  const box = await page.locator(`${sel} > rect`).last().boundingBox();
  check(box, `${page.volley.name}: no counter ${code} on the board`);
  await page.mouse.click(box.x + Math.min(8, box.width / 2), box.y + box.height / 2);
}

export async function clickHandle(page, word) {
  await page.click(`#handles circle.ov-handle[data-word="${word}"]`);
}

/** Clicks an answer's button in the request's list (opening its unit's group first). */
export async function clickAnswer(page, text) {
  const sel = `#answers button.answer[data-answer="${text}"]`;
  const group = await page.evaluate((s) => {
    const b = document.querySelector(s);
    const d = b && b.closest('details');
    return d && !d.open ? d.dataset.group : null;
  }, sel);
  if (group !== null) await page.click(`#answers details[data-group="${group}"] > summary`);
  await page.click(sel);
}

/** Clicks an entry of the board's menu (a choice among answers or a stack's units). */
export async function clickMenu(page, label) {
  await page.click(`#menu button[data-answer="${label}"]`);
}

/** Writes a screenshot of the page under outdir: browser-<test>-<n>-<what>.png. */
export async function shot(page, outdir, test, what) {
  page.volley.shots++;
  const f = path.join(outdir, `browser-${test}-${String(page.volley.shots).padStart(2, '0')}-${what}.png`);
  await page.screenshot({ path: f });
  return f;
}

/** The prompt's answer to the same lines: `volley play ARGS --json --script` in a side's
 * view, its last view_hash (a checkpoint's). */
export function promptViewHash(volley, args, lines, cwd) {
  const dir = tempDir();
  const script = path.join(dir, 'lines.txt');
  fs.writeFileSync(script, `${lines.join('\n')}\n`);
  const r = spawnSync(volley, ['play', ...args, '--json', '--no-autosave', '--script', script],
    { cwd: cwd || top, encoding: 'utf8', maxBuffer: 1 << 28 });
  const hashes = (r.stdout || '').split('\n').filter((l) => l.includes('"view_hash"')).map((l) => JSON.parse(l).view_hash);
  check(hashes.length > 0, `volley play ${args.join(' ')} printed no view_hash:\n${r.stderr}`);
  return hashes[hashes.length - 1];
}

/** Runs the test function with a browser, reporting as ctest reads it. */
export async function main(name, fn) {
  const [volley, outdir] = process.argv.slice(2);
  check(volley && outdir, 'usage: node <test>.mjs VOLLEY OUTDIR');
  fs.mkdirSync(outdir, { recursive: true });
  const b = await browser();
  const started = [];
  try {
    await fn({ volley: path.resolve(volley), outdir: path.resolve(outdir), browser: b, started });
    console.log(`ok: browser ${name}`);
  } catch (e) {
    console.error(`FAIL: browser ${name}: ${e.volleyFail ? e.message : e.stack}`);
    for (const s of started) console.error(`-- volley serve said:\n${s.out()}`);
    process.exitCode = 1;
  } finally {
    for (const s of started) await s.stop().catch(() => {});
    await b.close();
  }
}
