// Drives `tvlab explore` pages in Debian's headless Chromium through playwright-core: loads them from
// file://, hovers and clicks, asserts highlights and texts, checks for console errors and network use,
// saves screenshots and measures the load time of the 256x256x32 tile.
// node explore_test.mjs TVLAB OUTDIR
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [tvlab, out] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let passes = 0, fails = 0;
let tSection = Date.now();
function section(name) { console.log(`${name}: ${Date.now() - tSection} ms`); tSection = Date.now(); }
function check(name, cond, detail = '') {
  if (cond) ++passes;
  else { ++fails; console.log(`FAIL ${name}${detail ? ': ' + detail : ''}`); }
}
function explore(spec, name) {
  const file = path.join(out, name + '.html');
  execFileSync(tvlab, ['explore', path.join(root, spec), '-o', file], { stdio: 'inherit' });
  return file;
}

process.on('unhandledRejection', (e) => { console.log('FAIL exception: ' + String(e).split('\n')[0]); process.exit(1); });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
section('launch');

// A page with its console errors, page errors and any request that is not file://.
async function open(file) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    problems.push('network request: ' + url);
    return route.abort();
  });
  const t0 = Date.now();
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.tvlab && window.tvlab.ready, null, { timeout: 20000 });
  return { page, problems, loadMs: Date.now() - t0 };
}
const text = (page, sel) => page.locator(sel).innerText();
const count = (page, sel) => page.locator(sel).count();
const hasClass = (page, sel, cls) => page.locator(sel).evaluate((e, c) => e.classList.contains(c), cls);

// 1. Xe, column-major f16 A: verify refutes reorder.A with the witness
//    copy D (T1,V0) -> (1,0) but MMA A expects (1,0) in (T0,V1).
{
  const file = explore('tests/data/specs/xe_f16_a_col_major.json', 'xe_f16_a_col_major');
  const { page, problems } = await open(file);
  check('xe: operand A chosen', (await page.evaluate(() => window.tvlab.operand())) === 'A');
  check('xe: three panels', (await count(page, '#panels .panel')) === 3);
  check('xe: 64x32 cells per panel', (await count(page, '#panel-src rect.c')) === 2048);
  const mc = await text(page, '#mismatch-count');
  check('xe: mismatch count', /\(\d+ of 2048 elements, operand A\)/.test(mc) && !mc.startsWith('(0 '), mc);
  // Hover (1,0) in the source panel: the same coordinate highlights in every panel, owners shown.
  await page.hover('#panel-src rect[data-i="1"]');
  for (const p of ['src', 'dst', 'reorder'])
    check(`xe: hover highlights (1,0) in ${p}`, await hasClass(page, `#panel-${p} rect[data-i="1"]`, 'hov'));
  check('xe: hover highlights one cell', (await count(page, '#panel-dst rect.hov')) === 1);
  const info = await text(page, '#info');
  check('xe: hover info names the owners', info.startsWith('(1,0)') && info.includes('T1V0') && info.includes('T0V1') && info.includes('MISMATCH'), info);
  // Search a work-item: all its values light up in every panel.
  await page.fill('#search', 'T3');
  await page.press('#search', 'Enter');
  for (const p of ['src', 'dst', 'reorder']) check(`xe: T3 lights ${p}`, (await count(page, `#panel-${p} rect.sel`)) > 0);
  check('xe: T3 info', (await text(page, '#selinfo')).startsWith('T3 (subgroup 0, lane 3)'));
  check('xe: others dimmed', await hasClass(page, '#panel-src svg', 'dim'));
  // Search a value.
  await page.fill('#search', 'T1V0');
  await page.press('#search', 'Enter');
  const sv = await text(page, '#selinfo');
  check('xe: T1V0 holds (1,0)', sv.includes('T1V0 holds (1,0)') && sv.includes('expects (1,0) in T0V1'), sv);
  check('xe: T1V0 cell selected', await hasClass(page, '#panel-src rect[data-i="1"]', 'sel'));
  // Search a coordinate.
  await page.fill('#search', '(4,7)');
  await page.press('#search', 'Enter');
  check('xe: (4,7) one cell per panel', (await count(page, '#panel-dst rect.sel')) === 1 && (await hasClass(page, `#panel-dst rect[data-i="${4 + 64 * 7}"]`, 'sel')));
  check('xe: (4,7) info', (await text(page, '#selinfo')).startsWith('(4,7): copy A'));
  // A bad query is an error message, not an exception.
  await page.fill('#search', 'T9999');
  await page.press('#search', 'Enter');
  check('xe: bad search reported', (await hasClass(page, '#selinfo', 'error')) && (await text(page, '#selinfo')).includes('T0..T63'));
  // The mismatch list: click the first entry.
  const li = page.locator('#mismatches li[data-i]').first();
  const cell = await li.getAttribute('data-i');
  await li.click();
  check('xe: mismatch entry marked', await hasClass(page, `#mismatches li[data-i="${cell}"]`, 'on'));
  for (const p of ['src', 'dst', 'reorder'])
    check(`xe: mismatch highlights cell ${cell} in ${p}`, await hasClass(page, `#panel-${p} rect[data-i="${cell}"]`, 'sel'));
  check('xe: mismatch shows where the value sits', (await count(page, '#panel-src rect.alt')) > 0);
  check('xe: mismatch text', (await text(page, '#selinfo')).includes('mismatch'));
  await page.mouse.move(5, 5);
  await page.screenshot({ path: path.join(out, 'explore_xe_f16_a_mismatch.png'), fullPage: true });
  // The report's witness links jump to the coordinate.
  const w = page.locator('#report .witness a').first();
  check('xe: witness link', (await w.count()) === 1);
  await w.click();
  check('xe: witness jumps to (1,0)', (await text(page, '#selinfo')).startsWith('(1,0):'));
  // Clicking a cell selects its work-item.
  await page.click(`#panel-dst rect[data-i="${64 * 3}"]`);
  const clicked = await text(page, '#selinfo');
  check('xe: click selects a work-item', /^T\d+ \(subgroup/.test(clicked), clicked);
  check('xe: click fills the search box', /^T\d+$/.test(await page.inputValue('#search')));
  // Subgroup view: labels and hover info as sg.lane.
  await page.click('#view-subgroup');
  await page.hover('#panel-src rect[data-i="1"]');
  const sg = await text(page, '#info');
  check('xe: subgroup view names sg.lane', sg.includes('sg0.1V0') && sg.includes('sg0.0V1'), sg);
  check('xe: selection survives the view switch', (await count(page, '#panel-src rect.sel')) > 0);
  await page.screenshot({ path: path.join(out, 'explore_xe_f16_a_subgroup.png'), fullPage: true });
  await page.click('#view-thread');
  // Zoom and pan.
  const vb = async () => (await page.getAttribute('#panel-src svg', 'viewBox')).split(' ').map(Number);
  const full = await vb();
  check('xe: starts zoomed to readable cells', full[2] < 1584, `${full}`);
  await page.click('#zoom-in');
  const z = await vb();
  check('xe: zoom in', z[2] < full[2] * 0.8, `${full} -> ${z}`);
  check('xe: panels zoom together', (await page.getAttribute('#panel-dst svg', 'viewBox')) === (await page.getAttribute('#panel-src svg', 'viewBox')));
  const box = await page.locator('#panel-src svg').boundingBox();
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 100, box.y + 150, { steps: 5 });
  await page.mouse.up();
  const panned = await vb();
  check('xe: drag pans', panned[0] > z[0] && panned[2] === z[2], `${z} -> ${panned}`);
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(50);
  check('xe: wheel zooms', (await vb())[2] < panned[2]);
  await page.click('#zoom-fit');
  // The whole 64x32 tile: 44 + 32 cells of 48 units by 20 + 64 cells of 20 units (+ 4).
  check('xe: fit', JSON.stringify(await vb()) === JSON.stringify([0, 0, 1584, 1304]), `${await vb()}`);
  check('xe: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  section('xe_f16_a_col_major');
}

// 1b. The README's walk-through: sycl-tla #357 (a legacy mainloop whose copy needs a reorder; verify
//     FAILs reorder.A): click the witness in the report, then the work-item.
{
  const file = explore('tests/data/specs/sycl_tla_357_u8_a_int8.json', 'sycl_tla_357_u8_a_int8');
  const { page, problems } = await open(file);
  check('357: report failed', (await text(page, '#report-result')).includes('failed'));
  await page.locator('#report .witness a').first().click();
  const sel = await text(page, '#selinfo');
  check('357: witness -> (0,1)', sel.startsWith('(0,1): copy A (registers, D) holds it in T1V0 T17V0; MMA A expects it in T0V1 T16V1'), sel);
  await page.hover(`#panel-src rect[data-i="${0 + 64 * 1}"]`);
  await page.screenshot({ path: path.join(out, 'explore_sycl_tla_357_witness.png'), fullPage: true });
  await page.fill('#search', 'T1V0');
  await page.press('#search', 'Enter');
  check('357: T1V0', (await text(page, '#selinfo')).startsWith('T1V0 holds (0,1) in copy A (registers, D); T1V0 holds (0,2) in MMA A'));
  check('357: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  section('sycl_tla_357');
}

// 2. Several operands (Xe s8 B on an f16 MMA): switching operands redraws the panels and the list.
{
  const file = explore('tests/data/specs/xe_s8_b_f16_mma.json', 'xe_s8_b_f16_mma');
  const { page, problems } = await open(file);
  const ops = await page.locator('#operands button').allInnerTexts();
  check('ops: buttons', ops.length >= 2 && ops.includes('A') && ops.includes('B'), ops.join(','));
  await page.click('#op-A');
  check('ops: A heading', (await text(page, '#panel-src h3')).includes('copy A'));
  check('ops: A list', (await text(page, '#mismatch-count')).includes('operand A'));
  await page.click('#op-B');
  check('ops: B heading', (await text(page, '#panel-src h3')).includes('copy B'));
  check('ops: B list', (await text(page, '#mismatch-count')).includes('operand B'));
  await page.hover('#panel-reorder rect[data-i="0"]');
  check('ops: B hover', (await text(page, '#info')).startsWith('(0,0)'));
  check('ops: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  section('xe_s8_b_f16_mma');
}

// 3. NVIDIA: a plain thread-value copy feeding an SM80 MMA (verify refutes fragment.A): whole TV
//    layouts, warps of 32.
{
  const file = explore('tests/data/specs/sm80_f16_a_thr_val_copy.json', 'sm80_f16_a_thr_val_copy');
  const { page, problems } = await open(file);
  const mc = await text(page, '#mismatch-count');
  check('nv: mismatches found', !mc.startsWith('(0 '), mc);
  await page.locator('#mismatches li[data-i]').first().click();
  check('nv: mismatch selected', (await count(page, '#panel-dst rect.sel')) >= 1);
  check('nv: report refutes', (await text(page, '#report-result')).includes('failed'));
  await page.screenshot({ path: path.join(out, 'explore_sm80_f16_a_thr_val_copy.png'), fullPage: true });
  check('nv: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  section('sm80_f16_a_thr_val_copy');
}

// 4. The 256x256x32 work-group tile: load time, operand switch to C (65536 cells), hover latency.
{
  const file = explore('gallery/specs/xe_bf16_256x256x32.json', 'xe_bf16_256x256x32');
  const { page, problems, loadMs } = await open(file);
  const build = await page.evaluate(() => window.tvlab.buildMs);
  check('big: loads within 10 s', loadMs < 10000, `${loadMs} ms`);
  let t = Date.now();
  await page.click('#op-C');
  await page.waitForFunction(() => window.tvlab.operand() === 'C');
  const switchMs = Date.now() - t;
  // 65536 cells: drawn as one image per panel, highlighted cells as overlays.
  check('big: C cells as an image', (await count(page, '#panel-src image.cells')) === 1 &&
    (await page.getAttribute('#panel-src image.cells', 'href')).startsWith('data:image/png'));
  check('big: C is 256x256', (await text(page, '#mismatch-count')).includes('of 65536 elements, operand C'));
  // Find (4,7), zoom in about it (cells of the fitted 256x256 tile are 2 pixels), hover it.
  await page.fill('#search', '(4,7)');
  await page.press('#search', 'Enter');
  for (let k = 0; k < 4; ++k) await page.click('#zoom-in');
  t = Date.now();
  await page.hover(`#panel-src rect[data-i="${4 + 256 * 7}"]`, { timeout: 5000 });
  await page.waitForFunction(() => document.querySelector('#panel-dst rect[data-i="1796"]').classList.contains('hov'));
  const hoverMs = Date.now() - t;
  t = Date.now();
  await page.fill('#search', 'T100');
  await page.press('#search', 'Enter');
  check('big: T100 found', (await text(page, '#selinfo')).startsWith('T100'));
  const searchMs = Date.now() - t;
  check('big: hover and search under 1 s', hoverMs < 1000 && searchMs < 1000, `${hoverMs} ${searchMs}`);
  await page.waitForTimeout(100);
  const labelled = await count(page, '#panel-src g.labels text');
  check('big: zoomed in, the cells in view are labelled', labelled > 0 && labelled <= 1600, `${labelled}`);
  await page.screenshot({ path: path.join(out, 'explore_xe_bf16_256x256x32_C.png') });
  console.log(`256x256x32: page load ${loadMs} ms (script ${build.toFixed(0)} ms), switch to C ${switchMs} ms, hover ${hoverMs} ms, search ${searchMs} ms`);
  check('big: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
}

// 5. The banks panel (NVIDIA operand staged in shared memory): a padded tile that is also swizzled, so its 16
//    ldmatrix instructions take 11 to 23 wavefronts. The shown counts must be verify's (the worst instruction,
//    first) and `tvlab banks`' (an instruction stepped to, fed back as --smem/--tv).
{
  const spec = 'tests/data/specs/sm80_ldsm_x4_pad72_sw333.json';
  const rep = JSON.parse(spawnSync(tvlab, ['verify', '--format', 'json', path.join(root, spec)]).stdout);
  const vcheck = (code) => rep.specs[0].checks.find((c) => c.code === code);
  const vs2r = vcheck('banks.A.s2r'), vg2s = vcheck('banks.A.g2s');
  check('banks: verify refutes banks.A.s2r', vs2r && vs2r.verdict === 'refuted' && vs2r.data.worst, JSON.stringify(vs2r));
  const file = explore(spec, 'sm80_ldsm_x4_pad72_sw333');
  const { page, problems } = await open(file);
  check('banks: closed at first', (await count(page, '#panel-banks')) === 0);
  await page.click('#banks-toggle');
  check('banks: panel opens', (await count(page, '#panel-banks svg')) === 1 && (await count(page, '#panels .panel')) === 4);
  check('banks: s2r chosen', await hasClass(page, '#bank-copy-s2r', 'on'));
  const name = (t) => `warp ${t.warp}, instruction ${t.instruction} (repeat ${t.repeat})`;
  // First: the worst instruction, verify's witness.
  const w = vs2r.data.worst;
  let info = await text(page, '#bank-inst-info');
  check('banks: first is verify\'s worst', info.includes('s2r ' + name(w)), `${info} vs ${name(w)}`);
  check('banks: worst wavefronts = verify', +(await text(page, '#bank-wavefronts')) === w.wavefronts && +(await text(page, '#bank-ideal')) === w.ideal_wavefronts,
    `${await text(page, '#bank-wavefronts')} vs ${w.wavefronts}`);
  const sum = await text(page, '#bank-summary');
  check('banks: totals = verify', sum.includes(`${vs2r.data.instructions} instructions, ${vs2r.data.wavefronts} wavefronts, ideal ${vs2r.data.ideal_wavefronts}`), sum);
  check('banks: suggestion = verify', (await text(page, '#bank-suggest')).includes('suggest: ' + vs2r.data.suggest.layout + ': ' + vs2r.data.suggest.wavefronts + ' wavefronts (ideal)'),
    await text(page, '#bank-suggest'));
  check('banks: lanes outlined', (await count(page, '#panel-banks rect.ln')) >= 32);
  check('banks: colliding cells marked', (await count(page, '#panel-banks rect.cl')) > 0 && (await count(page, '#panel-banks rect.ln.clash')) > 0);
  check('banks: prev disabled at the worst', await page.locator('#bank-prev').isDisabled());
  // Step to the third instruction (fewer or as many conflicts).
  await page.click('#bank-next');
  await page.click('#bank-next');
  check('banks: position 3', (await text(page, '#bank-pos')).startsWith('3 of 16'), await text(page, '#bank-pos'));
  info = await text(page, '#bank-inst-info');
  const m = /warp (\d+), instruction (\d+) \(repeat (\d+)\)/.exec(info);
  const shown = +(await text(page, '#bank-wavefronts'));
  check('banks: sorted, most conflicts first', shown <= w.wavefronts, `${shown} > ${w.wavefronts}`);
  // `tvlab banks` on the same instruction: its lanes (the page's data) as a TV layout relative to lane 0's first
  // cell, that cell's element offset moved into the smem layout (Sw<3,3,3> o OFF o (32,64):(72,1)).
  const data = await page.evaluate(() => JSON.parse(document.getElementById('tvlab-data').textContent));
  const cp = data.operands.A.banks.copies[0];
  const inst = cp.insts.find((t) => m && t.warp === +m[1] && t.instruction === +m[2] && t.repeat === +m[3]);
  check('banks: the shown instruction is in the data', !!inst, info);
  const ls = inst.lanes, base = ls[0].cells[0];
  const strides = [1, 2, 4, 8, 16].map((k) => ls[k].cells[0] - base), sv = ls[0].cells[1] - base;
  let affine = ls.length === 32;
  ls.forEach((l, k) => l.cells.forEach((c, v) => {
    let e = base + v * sv;
    for (let b = 0; b < 5; ++b) if (k & (1 << b)) e += strides[b];
    if (c !== e) affine = false;
  }));
  check('banks: the instruction\'s lanes form a TV layout', affine && strides.every((x) => x >= 0));
  const tv = `((2,2,2,2,2),8):((${strides.join(',')}),${sv})`;
  const off = 72 * (base % 32) + Math.floor(base / 32);
  const b = spawnSync(tvlab, ['banks', '--smem', `Sw<3,3,3> o ${off} o (32,64):(72,1)`, '--tv', tv, '--type', 'half_t', '--op', 'ldmatrix.x4', '--json']);
  const bj = b.status === 2 ? null : JSON.parse(b.stdout);
  check('banks: tvlab banks runs', bj !== null, String(b.stderr));
  if (bj) {
    check('banks: stepped wavefronts = tvlab banks', shown === bj.wavefronts && +(await text(page, '#bank-ideal')) === bj.ideal_wavefronts &&
      +(await text(page, '#bank-conflicts')) === bj.bank_conflicts, `${shown} vs ${bj.wavefronts}`);
    const phases = await page.locator('#bank-phases li').allInnerTexts();
    check('banks: phases = tvlab banks', phases.length === bj.phases.length && bj.phases.every((p, k) => phases[k].includes(`, ${p.ways} wavefront`)), phases.join(' | '));
    // Hover lane 5: its address, bank and phase as tvlab banks has them.
    const k = bj.phases.findIndex((p) => p.lanes.includes(5)), at = bj.phases[k].lanes.indexOf(5);
    await page.hover(`#panel-banks rect[data-i="${ls[5].cells[0]}"]`);
    const hov = await text(page, '#info');
    check('banks: hover shows the lane', hov.includes(`s2r lane 5: address ${bj.phases[k].addresses[at]}, bank ${bj.phases[k].banks[at]}, phase ${k}`), hov);
  }
  await page.mouse.move(5, 5);
  await page.screenshot({ path: path.join(out, 'explore_banks_pad72_sw333.png'), fullPage: true });
  // The select jumps; the g2s copy has its own instructions (verify's banks.A.g2s).
  await page.selectOption('#bank-inst', '15');
  check('banks: select jumps to the last', (await text(page, '#bank-pos')).startsWith('16 of 16') && (await page.locator('#bank-next').isDisabled()));
  await page.click('#bank-copy-g2s');
  check('banks: g2s worst = verify', (await text(page, '#bank-inst-info')).includes('g2s ' + name(vg2s.data.worst)) &&
    +(await text(page, '#bank-wavefronts')) === vg2s.data.worst.wavefronts, await text(page, '#bank-inst-info'));
  check('banks: g2s totals = verify', (await text(page, '#bank-summary')).includes(`${vg2s.data.wavefronts} wavefronts, ideal ${vg2s.data.ideal_wavefronts}`));
  // Closing and reopening keeps working; the maps are untouched.
  await page.click('#banks-toggle');
  check('banks: panel closes', (await count(page, '#panel-banks')) === 0 && (await count(page, '#panels .panel')) === 3);
  check('banks: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  section('banks');
}

// 5b. Conflict-free (the swizzled fix) and an operand without shared memory.
{
  const { page, problems } = await open(explore('tests/data/specs/sm80_ldsm_x4_rm64_sw333.json', 'sm80_ldsm_x4_rm64_sw333'));
  await page.click('#banks-toggle');
  check('banks-ok: 4 wavefronts', +(await text(page, '#bank-wavefronts')) === 4 && +(await text(page, '#bank-conflicts')) === 0);
  check('banks-ok: says conflict-free', (await text(page, '#bank-suggest')).startsWith('conflict-free'));
  check('banks-ok: nothing marked', (await count(page, '#panel-banks rect.cl')) === 0);
  check('banks-ok: no console errors or network', problems.length === 0, problems.join('; '));
  await page.close();
  // A copy the bank model cannot take (a column-major tile under ldmatrix: verify refutes vector.A.s2r).
  const cm = path.join(out, 'sm80_ldsm_x4_colmajor.json');
  writeFileSync(cm, readFileSync(path.join(root, 'tests/data/specs/sm80_ldsm_x4_rm64.json'), 'utf8').replace('"(32,64):(64,1)"', '"(32,64):(1,32)"'));
  const c = await open(explore(path.relative(root, cm), 'sm80_ldsm_x4_colmajor'));
  await c.page.click('#banks-toggle');
  const cs = await text(c.page, '#bank-summary');
  check('banks-error: says why', (await hasClass(c.page, '#bank-summary', 'error')) && cs.includes('cannot be analysed (verify\'s vector.A.s2r)') &&
    cs.includes('must be contiguous'), cs);
  check('banks-error: no stepper, no lanes', !(await c.page.locator('#bank-stepper').isVisible()) && (await count(c.page, '#panel-banks rect.ln')) === 0);
  check('banks-error: no console errors or network', c.problems.length === 0, c.problems.join('; '));
  await c.page.close();
  const x = await open(explore('tests/data/specs/xe_f16_a_col_major.json', 'xe_f16_a_col_major_banks'));
  await x.page.click('#banks-toggle');
  check('banks-none: says why', (await text(x.page, '#bank-why')).includes('operand A is not staged in shared memory'), await text(x.page, '#bank-why'));
  check('banks-none: no tile', (await count(x.page, '#panel-banks svg')) === 0 && (await count(x.page, '#panels .panel')) === 4);
  await x.page.hover('#panel-src rect[data-i="1"]');
  check('banks-none: hover still works', (await text(x.page, '#info')).startsWith('(1,0)'));
  check('banks-none: no console errors or network', x.problems.length === 0, x.problems.join('; '));
  await x.page.close();
  section('banks conflict-free, no smem');
}

await browser.close();
// The page is written even when checks fail; a bad spec writes nothing and exits 2.
{
  const r = spawnSync(tvlab, ['explore', path.join(root, 'tests/data/specs/xe_f16_a_col_major.json'), '-o', path.join(out, 'x.html'), '--operand', 'C']);
  check('cli: missing operand exits 2', r.status === 2, String(r.stderr));
}
console.log(`browser.explore: ${passes} passed, ${fails} failed; screenshots in ${out}`);
process.exit(fails ? 1 : 0);
