// play.test.mjs -- a game played by pointing (issue 49 point 5): the Rough & Ready fixture
// (tests/data/rr) from a start state that puts 4L-1 before 4US-1, the US in the browser and a
// random bot for Mexico. The set-up placed with `default all`, Garland's command activated, his
// gun C3US taken along by clicking its counter, 4US-2 moved by clicking it and a hex, faced by
// clicking a vertex, 4US-1 firing by clicking it and 4L-1's counter; the board, the log and the
// roll shown; the page's view hash equal to the prompt's after the same answers; undo by its
// button.
import fs from 'node:fs';
import path from 'node:path';
import {
  main, serve, open, answer, clickHex, clickCounter, clickHandle, clickAnswer, clickMenu, shot,
  state, check, promptViewHash, tempDir, top,
} from './harness.mjs';

await main('play', async ({ volley, outdir, browser, started }) => {
  const dir = tempDir();
  for (const f of ['scenario.ini', 'map.ini', 'oob.ini']) fs.copyFileSync(path.join(top, 'tests/data/rr', f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'start.ini'), '[scenario]\nbase = scenario.ini\ntitle = browser: fire\nstart = start.state\n');
  fs.writeFileSync(path.join(dir, 'start.state'), 'unit 4US-1 hex 0302 facing SE/S\nunit 4L-1 hex 0303 facing NW/N\n');
  const args = [path.join(dir, 'start.ini'), '--seed', '1', '--bot', 'MEX=random', '--undo', 'solo'];
  const srv = await serve(volley, args, ['US']);
  started.push(srv);
  const page = await open(browser, srv.urls.US, 'US');
  const sent = [];
  const give = async (act) => {
    const r = await answer(page, act);
    check(r.status === 200, `${r.line}: ${r.status} ${JSON.stringify(r.body)}`);
    sent.push(r.line);
    return r;
  };
  // the token left the address bar (303 to the same path, a cookie)
  check(!page.url().includes('token'), `the token is still in the URL: ${page.url()}`);
  await shot(page, outdir, 'play', 'setup');

  let s = await state(page);
  check(s.request && s.request.mine && s.request.kind === 'face', `first request: ${JSON.stringify(s.request)}`);
  await give(() => page.click('#default-all'));
  s = await state(page);
  check(s.request.kind === 'activate', `after default all: ${s.request.kind}`);
  check(await page.locator('#units g[data-code="4L-1"]').count() === 1, '4L-1 is on the board');

  // activate a command: its answer's button
  await give(() => clickAnswer(page, 'garland'));
  // a gun taken along by clicking its counter (the request's answers are the guns' ids)
  s = await state(page);
  check(s.request.kind === 'artillery', `after garland: ${s.request.kind}`);
  await page.waitForSelector('#overlay path.ov-target.other[data-hex="0602"]');
  await give(() => clickCounter(page, 'C3US'));
  s = await state(page);
  check(s.request.kind === 'move', `after garland: ${s.request.kind}`);

  // move by clicking: the unit (its reach drawn), then a hex of it
  await clickCounter(page, '4US-2');
  await page.waitForSelector('#overlay-under path.ov-reach[data-hex="0403"]');
  check(await page.locator('#overlay path.ov-target[data-hex="0403"]').count() === 1, '0403 is marked a target');
  await shot(page, outdir, 'play', 'reach');
  await give(() => clickHex(page, '0403'));
  s = await state(page);
  check(s.request.kind === 'face', `after the move: ${s.request.kind}`);
  // face by clicking a vertex of the hex it ended in
  await page.waitForSelector('#handles circle.ov-handle[data-word="SE/S"][data-hex="0403"]');
  await give(() => clickHandle(page, 'SE/S'));
  check(await page.getAttribute('#units g[data-code="4US-2"]', 'data-hex') === '0403', '4US-2 is drawn in 0403');
  check(await page.getAttribute('#units g[data-code="4US-2"]', 'data-facing') === 'SE/S', '4US-2 faces SE/S on the board');

  // fire by clicking: 4US-1 (under Garland's counter? no: its own), then 4L-1's counter
  await clickCounter(page, '4US-1');
  await page.waitForSelector('#selected .unit-lines');
  await clickCounter(page, '4L-1');
  await page.waitForSelector('#menu:not([hidden]) button[data-answer="fire 4US-1 0303"]');
  await shot(page, outdir, 'play', 'fire-menu');
  await give(() => clickMenu(page, 'fire 4US-1 0303'));
  // the log tells the shot, with its roll: the die, the total, the rule
  const log = await page.textContent('#log');
  check(/4US-1 fires at 4L-1 in 0303 \(range 1\): d10 \d+/.test(log), `the log: ${log.slice(-600)}`);
  check(await page.locator('#log li.roll .die').count() >= 1, 'the log shows the die');
  check(!(await page.isHidden('#roll')), 'the roll is shown on the board');
  check(/\[rough_and_ready 6\.15\]/.test(await page.textContent('#roll')), `the roll's rule: ${await page.textContent('#roll')}`);
  check(await page.locator('#overlay path.ov-last[data-hex="0303"]').count() === 1, 'the last event (0303) is highlighted');
  await shot(page, outdir, 'play', 'fired');

  // the same answers at the prompt: the same view hash
  s = await state(page);
  const expected = ['default all', 'garland', 'C3US', '4US-2 0403', 'SE/S', 'fire 4US-1 0303'];
  check(JSON.stringify(sent) === JSON.stringify(expected), `the page sent ${JSON.stringify(sent)}`);
  const prompt = promptViewHash(volley, args, expected);
  check(s.view_hash === prompt, `view hash: page ${s.view_hash}, prompt ${prompt}`);
  check((await page.textContent('#hash')).includes(prompt), 'the bar shows the view hash');

  // undo by its button: back to before the shot (the bot's return fire no with it)
  const r = await answer(page, () => page.click('#undo'));
  check(r.status === 200, `undo: ${r.status} ${JSON.stringify(r.body)}`);
  s = await state(page);
  check(s.view_hash === promptViewHash(volley, args, expected.slice(0, 5)), `after undo: ${s.view_hash}`);
  await shot(page, outdir, 'play', 'undone');
});
