// errors.test.mjs -- the page's JavaScript never throws (issue 49 point 5): every control of the
// page used on Palo Alto (zoom and pan by wheel, drag and buttons, a click off the map, Escape,
// a foe's counter, a stack's menu, the answers' groups, the command box with a query and a
// refusal, undo with nothing to take back, save), a state whose texts hold markup and odd
// values (served in place of the server's) drawn as text, never as HTML, and a game's end. Any uncaught
// exception or console error fails it; that the harness sees one is checked first, with an
// error planted on purpose.
import fs from 'node:fs';
import path from 'node:path';
import {
  main, serve, open, answer, clickHex, clickCounter, shot, state, check, tempDir, noErrors, ready,
} from './harness.mjs';

await main('errors', async ({ volley, outdir, browser, started }) => {
  const dir = tempDir();
  const srv = await serve(volley, ['rough-and-ready/palo-alto', '--seed', '5', '--bot', 'MEX=random'], ['US'], dir);
  started.push(srv);
  const page = await open(browser, srv.urls.US, 'US');

  // the harness sees an exception thrown in the page: this test can fail
  const planted = page.waitForEvent('pageerror');
  await page.evaluate(() => setTimeout(() => { throw new Error('planted by errors.test.mjs'); }, 0));
  await planted;
  check(page.volley.errors.some((e) => /planted by errors\.test\.mjs/.test(e)), 'a planted exception was not seen');
  page.volley.errors.length = 0;

  // undo with nothing to take back: refused, said, nothing thrown
  const none = await answer(page, () => page.click('#undo'));
  check(none.status === 422 && /refused/.test(await page.textContent('#output')), `undo at the start: ${none.status} ${await page.textContent('#output')}`);

  // zoom and pan
  const box = await page.locator('#board').boundingBox();
  const vb = () => page.getAttribute('#board svg', 'viewBox');
  const v0 = await vb();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((v) => document.querySelector('#board svg').getAttribute('viewBox') !== v, v0);
  const v1 = await vb();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 5 });
  await page.mouse.up();
  check(await vb() !== v1, 'a drag did not pan the board');
  await page.click('#zoom-in');
  await page.click('#zoom-out');
  await page.click('#zoom-fit');
  await page.keyboard.press('Escape');
  noErrors(page);

  // the set-up, then an activation: a stack's menu, a foe's counter, the answers' groups
  await answer(page, () => page.click('#default-all'));
  await answer(page, () => page.click('#answers button.answer[data-answer="twiggs"]'));
  let s = await state(page);
  if (s.request.kind === 'artillery') await answer(page, () => page.click('#default'));
  // a stack: its units offered in a menu
  await clickCounter(page, await page.getAttribute('#units g.stack[data-side="US"]', 'data-code'));
  await page.waitForSelector('#menu:not([hidden]) button[data-unit]');
  await shot(page, outdir, 'errors', 'stack-menu');
  await page.click('#menu button[data-unit]');
  await page.waitForSelector('#selected .unit-lines');
  await clickCounter(page, '4L-1');
  await page.waitForFunction(() => /4L-1/.test(document.querySelector('#selected').textContent));
  for (const summary of await page.locator('#answers summary').all()) await summary.click();
  await clickHex(page, '0101'); // a far corner: nothing to answer there
  await page.mouse.click(box.x + 3, box.y + 3); // the picture's margin
  noErrors(page);

  // the command box: a query, a refusal; undo with nothing of ours to take back; save
  await page.fill('#cmd', 'reach 5US-1');
  await page.press('#cmd', 'Enter');
  await page.waitForFunction(() => /reach of 5US-1/.test(document.querySelector('#output').textContent));
  const bad = await answer(page, async () => { await page.fill('#cmd', 'move 5US-1 9999'); await page.press('#cmd', 'Enter'); });
  check(bad.status === 422, `a refused move: ${bad.status}`);
  check(/refused/.test(await page.textContent('#output')), `the refusal is shown: ${await page.textContent('#output')}`);
  check(await page.locator('#output.refused').count() === 1, 'the refusal is marked');
  const saved = await answer(page, () => page.click('#save'));
  check(saved.status === 200, `save: ${saved.status} ${JSON.stringify(saved.body)}`);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.save'));
  check(files.length === 1 && /^US-\d{8}-\d{6}\.save$/.test(files[0]), `the save button wrote ${files}`);
  check(fs.statSync(path.join(dir, files[0])).size > 0, 'an empty save');
  noErrors(page);

  // markup and odd values in the server's texts: drawn as text
  await page.route('**/api/state', async (route) => {
    const r = await route.fetch();
    const st = await r.json();
    const evil = '<img src=x id=evil onerror="window.evil=1">';
    st.title = evil;
    st.log = [...st.log, { n: st.log_count + 1, text: evil }, { n: st.log_count + 2, roll: { die: 'd6', faces: [evil], modifiers: [{ label: evil, value: -1 }], total: evil, result: evil } }];
    st.log_count += 2;
    st.version += 1000;
    if (st.request) {
      st.request.prompt = evil;
      st.request.rule = evil;
      st.request.options = [...st.request.options.slice(0, 50), evil, 12, true, ''];
      st.request.tells = [evil];
    }
    await route.fulfill({ response: r, json: st });
  });
  await page.evaluate(() => window.volleyPage && document.querySelector('#zoom-fit').click());
  await page.reload();
  await ready(page);
  check(await page.locator('#evil').count() === 0, 'markup from the server became an element');
  check(!(await page.evaluate(() => window.evil)), 'markup from the server ran');
  check((await page.textContent('#prompt')).includes('<img src=x'), 'the prompt shows the markup as text');
  await shot(page, outdir, 'errors', 'markup');
  await page.unroute('**/api/state');
  noErrors(page);

  // the game's end (a capped one): the page says so and offers nothing to answer
  const capped = await serve(volley, ['rough-and-ready/palo-alto', '--seed', '5', '--bot', 'MEX=random', '--max-decisions', '52'], ['US'], dir);
  started.push(capped);
  const end = await open(browser, capped.urls.US, 'US (capped)');
  await answer(end, () => end.click('#default-all'));
  for (let i = 0; i < 10 && !(await state(end)).over; i++) await answer(end, () => end.click('#default'));
  s = await state(end);
  check(s.over && s.request === null, `the capped game is not over: ${JSON.stringify(s.request)}`);
  check(/game over/.test(await end.textContent('#turn')), `the bar: ${await end.textContent('#turn')}`);
  check(/The game is over/.test(await end.textContent('#prompt')), `the request: ${await end.textContent('#prompt')}`);
  check(await end.locator('#answers button').count() === 0, 'answers offered after the end');
  await shot(end, outdir, 'errors', 'over');
  noErrors(end);
});
