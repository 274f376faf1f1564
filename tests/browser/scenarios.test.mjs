// scenarios.test.mjs -- every scenario `volley list` shows opens in the browser and plays its
// set-up and its first activation or turn there (issue 49's acceptance), so each battle added
// later is tested here too. Each side gets its own page (no bots); the set-up is answered with
// `default all` on each side's page, then the pending request's default by its button until the
// first request after the set-up comes round again (a side's next activation, the next turn),
// at most 40 answers. A scenario `volley play` itself cannot play (a system with no rules yet)
// is named and passed over. A screenshot of each side's page after it.
import { spawnSync } from 'node:child_process';
import {
  main, serve, open, answer, shot, state, check, waitVersion, nextChange, noErrors, top,
} from './harness.mjs';

await main('scenarios', async ({ volley, outdir, browser, started }) => {
  const list = JSON.parse(spawnSync(volley, ['list', '--json'], { cwd: top, encoding: 'utf8' }).stdout);
  check(list.scenarios.length > 0, 'volley list shows no scenario');
  const played = [], passed = [], opened = [];
  for (const sc of list.scenarios) {
    // can the prompt play it? (a system without rules stops at once)
    const probe = spawnSync(volley, ['play', sc.id, '--seed', '1', '--no-autosave', '--script', '/dev/null'],
      { cwd: top, encoding: 'utf8' });
    const stopped = /the game stopped: (.*)/.exec(probe.stderr || '');
    if (stopped) {
      passed.push(`${sc.id} (${stopped[1]})`);
      continue;
    }
    const t0 = Date.now();
    const srv = await serve(volley, [sc.id, '--seed', '1'], sc.sides);
    started.push(srv);
    const pages = [];
    for (const side of sc.sides) pages.push(await open(browser, srv.urls[side], `${sc.id} ${side}`));
    let first = null, after = 0, rounds = 0, ended = false;
    for (let i = 0; i < 200 && rounds < 1 && after < 40; i++) {
      let asked = null;
      for (const p of pages) {
        const st = await state(p);
        if (st.over) { rounds = 1; ended = first === null; break; }
        if (st.request && st.request.mine) asked = { p, st };
      }
      if (rounds) break;
      if (!asked) {
        await nextChange(pages);
        continue;
      }
      const { p, st } = asked;
      if (!st.setup) {
        const key = `${st.request.side} ${st.request.kind}`;
        if (first === null) first = key;
        else if (key === first) { rounds = 1; break; }
        after++;
      }
      const r = await answer(p, () => p.click(st.setup ? '#default-all' : '#default'));
      check(r.status === 200, `${sc.id}: ${p.volley.name} ${r.line}: ${r.status} ${JSON.stringify(r.body)}`);
      // every page shows the game after it (the others by the event stream)
      await Promise.all(pages.map((q) => waitVersion(q, r.body.version - 1)));
    }
    if (ended) {
      // a system whose sequence only opens the game (its rules are the next issues): the
      // page opens on it, draws the map and says the game is over
      for (const p of pages) {
        check(await p.locator('#board polygon.hex').count() > 0, `${p.volley.name}: no hexes on the board`);
        noErrors(p);
        await p.context().close();
      }
      await srv.stop();
      started.pop();
      opened.push(sc.id);
      continue;
    }
    check(first !== null, `${sc.id}: the set-up never ended`);
    check(rounds === 1, `${sc.id}: '${first}' did not come round again in 40 answers`);
    for (const p of pages) {
      const st = await state(p);
      check(await p.locator('#board polygon.hex').count() > 0, `${p.volley.name}: no hexes on the board`);
      check(await p.locator('#units g').count() > 0, `${p.volley.name}: no counters on the board`);
      check(st.log_count > 0 && await p.locator('#log li').count() > 0, `${p.volley.name}: an empty log`);
      noErrors(p);
      await shot(p, outdir, 'scenarios', `${sc.id.replace(/\//g, '_')}-${st.side}`);
      await p.context().close();
    }
    await srv.stop();
    started.pop();
    played.push(`${sc.id} (${after} answers after the set-up, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  console.log(`played in the browser: ${played.join(', ')}`);
  if (opened.length) console.log(`opened, the game over at once (no rules yet): ${opened.join(', ')}`);
  if (passed.length) console.log(`not playable at the prompt either, passed over: ${passed.join(', ')}`);
  check(played.length > 0, 'no scenario could be played');
});
