// docshots.mjs -- not a test: redraws the screenshots of docs/serve.md "The page"
// (docs/images/serve-*.jpg) from Palo Alto and the fire of play.test.mjs.
//   node tests/browser/docshots.mjs build/volley
import fs from 'node:fs';
import path from 'node:path';
import {
  browser, serve, open, answer, clickHex, clickCounter, clickAnswer, clickHandle, tempDir, top,
} from './harness.mjs';

const volley = path.resolve(process.argv[2] || 'build/volley');
const out = path.join(top, 'docs/images');
const b = await browser();
const jpeg = (page, name) => page.screenshot({ path: path.join(out, name), type: 'jpeg', quality: 72 });
try {
  let srv = await serve(volley, ['rough-and-ready/palo-alto', '--seed', '3', '--bot', 'MEX=random'], ['US']);
  let page = await open(b, srv.urls.US, 'US');
  await page.setViewportSize({ width: 1280, height: 760 });
  await answer(page, () => page.click('#default-all'));
  await answer(page, () => clickAnswer(page, 'belknap'));
  await answer(page, () => clickAnswer(page, 'done'));
  await clickCounter(page, '8US-1');
  await page.waitForSelector('#overlay-under path.ov-reach');
  await page.evaluate(() => window.volleyPage.board.focus(['3023', '2920', '3126', '3320']));
  await jpeg(page, 'serve-reach.jpg');
  await srv.stop();

  const dir = tempDir();
  for (const f of ['scenario.ini', 'map.ini', 'oob.ini']) fs.copyFileSync(path.join(top, 'tests/data/rr', f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'start.ini'), '[scenario]\nbase = scenario.ini\ntitle = Rough & Ready fixture\nstart = start.state\n');
  fs.writeFileSync(path.join(dir, 'start.state'), 'unit 4US-1 hex 0302 facing SE/S\nunit 4L-1 hex 0303 facing NW/N\n');
  srv = await serve(volley, [path.join(dir, 'start.ini'), '--seed', '1', '--bot', 'MEX=random'], ['US']);
  page = await open(b, srv.urls.US, 'US');
  await page.setViewportSize({ width: 1280, height: 760 });
  await answer(page, () => page.click('#default-all'));
  await answer(page, () => clickAnswer(page, 'garland'));
  await answer(page, () => clickCounter(page, 'C3US'));
  await answer(page, () => clickHex(page, '0403').then(() => {}).catch(() => {}));
  await answer(page, () => clickHandle(page, 'SE/S'));
  await clickCounter(page, '4US-1');
  await page.waitForSelector('#selected .unit-lines');
  await clickCounter(page, '4L-1');
  await page.waitForSelector('#menu:not([hidden])');
  await jpeg(page, 'serve-fire-menu.jpg');
  await answer(page, () => page.click('#menu button[data-answer="fire 4US-1 0303"]'));
  await jpeg(page, 'serve-fired.jpg');
  await srv.stop();
} finally {
  await b.close();
}
