// pointing.test.mjs -- every kind of answer by the mouse alone (issue 49 point 2): Palo Alto,
// MEX a random bot; after `default all`, 30 answers of the US drawn at random (a fixed seed)
// from the pending request's legal answers, each given by pointing at the board where the
// answer names something on it -- its unit (a counter, or its entry in a stack's menu), then
// its hex (the centre of the hex), its facing (a handle on a vertex), or a unit named alone --
// and by its button otherwise; where the board offers a menu, its entry. The page must send
// exactly the answer drawn. Move, turn, square, activation, gun, fire and done answers come up.
import {
  main, serve, open, answer, clickHex, clickCounter, clickHandle, clickAnswer, state, check, shot,
} from './harness.mjs';

let seed = 49;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

/** Points at what the option names; resolves once a command has been sent. */
async function point(page, opt) {
  const v = await page.evaluate((text) => {
    const p = window.volleyPage;
    const o = p.opts.find((x) => x.text === text);
    return { o, units: o.units.map((id) => p.byId.get(id)) };
  }, opt);
  const o = v.o;
  const menuOrDone = async () => {
    // a menu may offer the answer among others
    const menu = page.locator(`#menu:not([hidden]) button[data-answer="${opt}"]`);
    if (await menu.count()) await menu.click();
  };
  const selectUnit = async (u) => {
    const code = u.id.slice(0, 12);
    const own = await page.locator(`#units g[data-code="${code}"][data-hex="${u.hex}"]`).count();
    if (own) {
      await clickCounter(page, code);
    } else {
      // under another counter of its stack: the stack's counter, then its entry in the menu
      const top = await page.getAttribute(`#units g.stack[data-hex="${u.hex}"][data-side="${u.side}"]`, 'data-code');
      await clickCounter(page, top);
    }
    const entry = page.locator(`#menu:not([hidden]) button[data-unit="${u.id}"], #menu:not([hidden]) button[data-answer="${opt}"]`);
    if (await page.locator('#menu:not([hidden])').count()) await entry.first().click();
  };
  const units = v.units.filter(Boolean);
  if (o.words.length === 1 && units.length === 1 && units[0].hex) { // a unit alone
    await selectUnit(units[0]);
    return menuOrDone();
  }
  if (units.length && units[0].hex && (o.hexes.length || o.facing)) {
    await selectUnit(units[0]);
    await page.waitForFunction((id) => window.volleyPage.selected === id, units[0].id);
    if (o.hexes.length) await clickHex(page, o.hexes[o.hexes.length - 1]);
    else await clickHandle(page, o.facing);
    return menuOrDone();
  }
  if (!units.length && o.hexes.length === 1) { await clickHex(page, o.hexes[0]); return menuOrDone(); }
  if (!units.length && o.facing && o.words.length === 1) { await clickHandle(page, o.facing); return menuOrDone(); }
  await page.keyboard.press('Escape');
  return clickAnswer(page, opt);
}

await main('pointing', async ({ volley, outdir, browser, started }) => {
  const srv = await serve(volley, ['rough-and-ready/palo-alto', '--seed', '7', '--bot', 'MEX=random'], ['US']);
  started.push(srv);
  const page = await open(browser, srv.urls.US, 'US');
  await answer(page, () => page.click('#default-all'));
  const kinds = new Map();
  // VOLLEY_POINTING_ANSWERS=N plays more (a longer game by the mouse alone, by hand)
  const n = Number(process.env.VOLLEY_POINTING_ANSWERS || 30);
  for (let i = 0; i < n; i++) {
    const s = await state(page);
    if (s.over) break;
    check(s.request && s.request.mine, `answer ${i}: the US is not asked: ${JSON.stringify(s.request)}`);
    const opts = s.request.options.map(String);
    // done ends an activation: drawn less often, so the activations have something in them
    const pool = opts.filter((o) => o !== 'done' || rand(4) === 0);
    const opt = (pool.length ? pool : opts)[rand((pool.length ? pool : opts).length)];
    if (process.env.VOLLEY_DEBUG) console.log(i, s.request.kind, opt);
    const r = await answer(page, () => point(page, opt).catch(async (e) => { await shot(page, outdir, "pointing", "failed"); throw e; }));
    check(r.line === opt, `answer ${i} (${s.request.kind}): drew '${opt}', the page sent '${r.line}'`);
    check(r.status === 200, `answer ${i}: '${opt}' refused: ${r.status} ${JSON.stringify(r.body)}`);
    const how = opt.split(' ')[0];
    kinds.set(`${s.request.kind}`, (kinds.get(s.request.kind) || 0) + 1);
    if (i === 0) await shot(page, outdir, 'pointing', how.replace(/[^A-Za-z0-9-]/g, '_'));
  }
  await shot(page, outdir, 'pointing', 'end');
  console.log(`answered by pointing: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
});
