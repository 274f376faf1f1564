// hidden.test.mjs -- two players on two browsers (issue 49 points 4-5): Resaca de la Palma with
// hidden Mexican units [rough_and_ready RP Hidden Mexican Deployment], the US in one browser
// context and Mexico in another, each by its own URL. The US writes its entry hex by clicking
// it, Mexico sets up with `default all`, then each answers by its page's default until the US
// has activated a command. A Mexican unit the US page never shows (on the Mexican page's board,
// not on the US's) is named nowhere in what the US page received: the API's answers, the event
// stream's messages, the page's text and its board. And each page followed the other's answers
// without reloading (the event stream).
import {
  main, serve, open, answer, clickHex, shot, state, check, waitVersion, nextChange, noErrors,
} from './harness.mjs';

const word = (id) => new RegExp(`(^|[^A-Za-z0-9_.+/-])${id.replace(/[.+]/g, '\\$&')}($|[^A-Za-z0-9_+/-])`);

await main('hidden', async ({ volley, outdir, browser, started }) => {
  const srv = await serve(volley, ['rough-and-ready/resaca-de-la-palma/hidden', '--seed', '33'], ['US', 'MEX']);
  started.push(srv);
  const us = await open(browser, srv.urls.US, 'US');
  const mex = await open(browser, srv.urls.MEX, 'MEX');

  // the US's secret entry: a hex the request names, clicked on the map
  let s = await state(us);
  check(s.request && s.request.mine && s.request.kind === 'entry', `US first: ${JSON.stringify(s.request)}`);
  await us.waitForSelector('#overlay path.ov-target[data-hex="4408"]');
  const v = (await state(mex)).version;
  let r = await answer(us, () => clickHex(us, '4408'));
  check(r.status === 200 && r.line === '4408', `the entry: ${r.line} ${r.status}`);
  await waitVersion(mex, v); // the Mexican page follows without a reload
  const entry = await mex.textContent('#log');
  check(!/4408/.test(entry), 'the Mexican page learnt the secret entry hex');

  // then whoever is asked answers by its page, until the US has activated a command
  let activated = false;
  for (let i = 0; i < 80 && !activated; i++) {
    const pages = [us, mex];
    let asked = null;
    for (const p of pages) {
      const st = await state(p);
      if (st.request && st.request.mine) asked = { p, st };
    }
    if (!asked) {
      await nextChange(pages);
      continue;
    }
    const { p, st } = asked;
    if (st.request.kind === 'activate' && p === us) activated = true;
    r = await answer(p, () => p.click(st.setup ? '#default-all' : '#default'));
    check(r.status === 200, `${p.volley.name} ${r.line}: ${r.status} ${JSON.stringify(r.body)}`);
    await waitVersion(p === us ? mex : us, r.body.version - 1); // by the event stream
  }
  check(activated, 'the US never came to activate a command');
  await shot(us, outdir, 'hidden', 'us');
  await shot(mex, outdir, 'hidden', 'mex');

  // the Mexican units on the Mexican board that the US board does not show
  const onBoard = (p) => p.evaluate(() => window.volleyPage.units.filter((u) => u.hex).map((u) => u.id));
  const usSees = new Set(await onBoard(us));
  const hidden = (await onBoard(mex)).filter((id) => !usSees.has(id));
  check(hidden.length > 0, 'no Mexican unit is hidden from the US: the test tests nothing');
  const usText = [
    ...us.volley.bodies.map((b) => b.body),
    ...await us.evaluate(() => window.volleyEvents),
    await us.content(),
  ];
  check(us.volley.bodies.length >= 10, `the US page made only ${us.volley.bodies.length} API requests`);
  check((await us.evaluate(() => window.volleyEvents)).length > 2, 'the US page had no events');
  for (const id of hidden) {
    const leak = usText.find((t) => word(id).test(t));
    check(!leak, `hidden ${id} reached the US page: ...${leak && leak.slice(Math.max(0, leak.search(word(id)) - 200), leak.search(word(id)) + 200)}...`);
  }
  // and the Mexican page does name them (the test would see a leak)
  const mexText = mex.volley.bodies.map((b) => b.body).join('\n');
  check(hidden.every((id) => word(id).test(mexText)), 'the Mexican page does not name its own units');
  console.log(`${hidden.length} hidden Mexican units (${hidden.join(' ')}) never reached the US page (${usText.length} answers, events and the page)`);
  noErrors(us);
  noErrors(mex);
});
