# Drives `tvlab explore` pages in Debian's headless Chromium through Python playwright (PyPI, no browser
# download): loads them from file://, hovers and clicks, asserts highlights and texts, checks for console
# errors and network use, saves screenshots and measures the load time of the 256x256x32 tile.
# python explore_test.py TVLAB OUTDIR   (run.sh runs it with its virtual environment's python)
import json
import math
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.stdout.reconfigure(line_buffering=True)  # keep our lines in order with tvlab's (which inherits stdout)

tvlab, out = sys.argv[1], sys.argv[2]
root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
passes = 0
fails = 0


def now_ms():
    return time.monotonic_ns() // 1_000_000


t_section = now_ms()


def section(name):
    global t_section
    print(f'{name}: {now_ms() - t_section} ms')
    t_section = now_ms()


def check(name, cond, detail=''):
    global passes, fails
    if cond:
        passes += 1
    else:
        fails += 1
        print(f'FAIL {name}' + (': ' + str(detail) if detail else ''))


def explore(spec, name):
    file = os.path.join(out, name + '.html')
    subprocess.run([tvlab, 'explore', os.path.join(root, spec), '-o', file], check=True)
    return file


def run(args):
    """tvlab with its output captured (the exit status, stdout and stderr)."""
    return subprocess.run([tvlab, *args], capture_output=True)


def num(s):
    """JavaScript's Number(s) for the strings the page shows (an empty string is 0, junk is NaN)."""
    s = s.strip()
    if not s:
        return 0.0
    try:
        return float(s)
    except ValueError:
        return math.nan


def js(values):
    """An array of numbers as JavaScript prints it: 0,0,1584,1304."""
    def one(x):
        if isinstance(x, float) and x.is_integer():
            return str(int(x))
        return 'NaN' if isinstance(x, float) and math.isnan(x) else str(x)
    return ','.join(one(x) for x in values)


def text(page, sel):
    return page.locator(sel).inner_text()


def count(page, sel):
    return page.locator(sel).count()


def has_class(page, sel, cls):
    return page.locator(sel).evaluate('(e, c) => e.classList.contains(c)', cls)


def main(pw):
    browser = pw.chromium.launch(executable_path='/usr/bin/chromium', headless=True, args=['--no-sandbox'])
    context = browser.new_context(viewport={'width': 1600, 'height': 1000})
    section('launch')

    # A page with its console errors, page errors and any request that is not file://.
    def open_page(file):
        page = context.new_page()
        problems = []

        def on_console(m):
            if m.type in ('error', 'warning'):
                problems.append(f'console {m.type}: {m.text}')

        def on_route(route):
            url = route.request.url
            if url.startswith('file:'):
                return route.continue_()
            problems.append('network request: ' + url)
            return route.abort()

        page.on('console', on_console)
        page.on('pageerror', lambda e: problems.append('page error: ' + e.message))
        page.route('**/*', on_route)
        t0 = now_ms()
        page.goto(Path(os.path.abspath(file)).as_uri(), wait_until='load')
        page.wait_for_function('() => window.tvlab && window.tvlab.ready', timeout=20000)
        return page, problems, now_ms() - t0

    # 1. Xe, column-major f16 A: verify refutes reorder.A with the witness
    #    copy D (T1,V0) -> (1,0) but MMA A expects (1,0) in (T0,V1).
    file = explore('tests/data/specs/xe_f16_a_col_major.json', 'xe_f16_a_col_major')
    page, problems, _ = open_page(file)
    check('xe: operand A chosen', page.evaluate('() => window.tvlab.operand()') == 'A')
    check('xe: three panels', count(page, '#panels .panel') == 3)
    check('xe: 64x32 cells per panel', count(page, '#panel-src rect.c') == 2048)
    mc = text(page, '#mismatch-count')
    check('xe: mismatch count', re.search(r'\(\d+ of 2048 elements, operand A\)', mc) and not mc.startswith('(0 '), mc)
    # Hover (1,0) in the source panel: the same coordinate highlights in every panel, owners shown.
    page.hover('#panel-src rect[data-i="1"]')
    for p in ('src', 'dst', 'reorder'):
        check(f'xe: hover highlights (1,0) in {p}', has_class(page, f'#panel-{p} rect[data-i="1"]', 'hov'))
    check('xe: hover highlights one cell', count(page, '#panel-dst rect.hov') == 1)
    info = text(page, '#info')
    check('xe: hover info names the owners',
          info.startswith('(1,0)') and 'T1V0' in info and 'T0V1' in info and 'MISMATCH' in info, info)
    # Search a work-item: all its values light up in every panel.
    page.fill('#search', 'T3')
    page.press('#search', 'Enter')
    for p in ('src', 'dst', 'reorder'):
        check(f'xe: T3 lights {p}', count(page, f'#panel-{p} rect.sel') > 0)
    check('xe: T3 info', text(page, '#selinfo').startswith('T3 (subgroup 0, lane 3)'))
    check('xe: others dimmed', has_class(page, '#panel-src svg', 'dim'))
    # Search a value.
    page.fill('#search', 'T1V0')
    page.press('#search', 'Enter')
    sv = text(page, '#selinfo')
    check('xe: T1V0 holds (1,0)', 'T1V0 holds (1,0)' in sv and 'expects (1,0) in T0V1' in sv, sv)
    check('xe: T1V0 cell selected', has_class(page, '#panel-src rect[data-i="1"]', 'sel'))
    # Search a coordinate.
    page.fill('#search', '(4,7)')
    page.press('#search', 'Enter')
    check('xe: (4,7) one cell per panel',
          count(page, '#panel-dst rect.sel') == 1 and has_class(page, f'#panel-dst rect[data-i="{4 + 64 * 7}"]', 'sel'))
    check('xe: (4,7) info', text(page, '#selinfo').startswith('(4,7): copy A'))
    # A bad query is an error message, not an exception.
    page.fill('#search', 'T9999')
    page.press('#search', 'Enter')
    check('xe: bad search reported', has_class(page, '#selinfo', 'error') and 'T0..T63' in text(page, '#selinfo'))
    # The mismatch list: click the first entry.
    li = page.locator('#mismatches li[data-i]').first
    cell = li.get_attribute('data-i')
    li.click()
    check('xe: mismatch entry marked', has_class(page, f'#mismatches li[data-i="{cell}"]', 'on'))
    for p in ('src', 'dst', 'reorder'):
        check(f'xe: mismatch highlights cell {cell} in {p}', has_class(page, f'#panel-{p} rect[data-i="{cell}"]', 'sel'))
    check('xe: mismatch shows where the value sits', count(page, '#panel-src rect.alt') > 0)
    check('xe: mismatch text', 'mismatch' in text(page, '#selinfo'))
    page.mouse.move(5, 5)
    page.screenshot(path=os.path.join(out, 'explore_xe_f16_a_mismatch.png'), full_page=True)
    # The report's witness links jump to the coordinate.
    w = page.locator('#report .witness a').first
    check('xe: witness link', w.count() == 1)
    w.click()
    check('xe: witness jumps to (1,0)', text(page, '#selinfo').startswith('(1,0):'))
    # Clicking a cell selects its work-item.
    page.click(f'#panel-dst rect[data-i="{64 * 3}"]')
    clicked = text(page, '#selinfo')
    check('xe: click selects a work-item', re.match(r'T\d+ \(subgroup', clicked), clicked)
    check('xe: click fills the search box', re.fullmatch(r'T\d+', page.input_value('#search')))
    # Subgroup view: labels and hover info as sg.lane.
    page.click('#view-subgroup')
    page.hover('#panel-src rect[data-i="1"]')
    sg = text(page, '#info')
    check('xe: subgroup view names sg.lane', 'sg0.1V0' in sg and 'sg0.0V1' in sg, sg)
    check('xe: selection survives the view switch', count(page, '#panel-src rect.sel') > 0)
    page.screenshot(path=os.path.join(out, 'explore_xe_f16_a_subgroup.png'), full_page=True)
    page.click('#view-thread')

    # Zoom and pan.
    def vb():
        return [num(x) for x in page.get_attribute('#panel-src svg', 'viewBox').split(' ')]

    full = vb()
    check('xe: starts zoomed to readable cells', full[2] < 1584, js(full))
    page.click('#zoom-in')
    z = vb()
    check('xe: zoom in', z[2] < full[2] * 0.8, f'{js(full)} -> {js(z)}')
    check('xe: panels zoom together',
          page.get_attribute('#panel-dst svg', 'viewBox') == page.get_attribute('#panel-src svg', 'viewBox'))
    box = page.locator('#panel-src svg').bounding_box()
    page.mouse.move(box['x'] + 200, box['y'] + 200)
    page.mouse.down()
    page.mouse.move(box['x'] + 100, box['y'] + 150, steps=5)
    page.mouse.up()
    panned = vb()
    check('xe: drag pans', panned[0] > z[0] and panned[2] == z[2], f'{js(z)} -> {js(panned)}')
    page.mouse.move(box['x'] + 200, box['y'] + 200)
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(50)
    check('xe: wheel zooms', vb()[2] < panned[2])
    page.click('#zoom-fit')
    # The whole 64x32 tile: 44 + 32 cells of 48 units by 20 + 64 cells of 20 units (+ 4).
    check('xe: fit', vb() == [0, 0, 1584, 1304], js(vb()))
    check('xe: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('xe_f16_a_col_major')

    # 1b. The README's walk-through: sycl-tla #357 (a legacy mainloop whose copy needs a reorder; verify
    #     FAILs reorder.A): click the witness in the report, then the work-item.
    file = explore('tests/data/specs/sycl_tla_357_u8_a_int8.json', 'sycl_tla_357_u8_a_int8')
    page, problems, _ = open_page(file)
    check('357: report failed', 'failed' in text(page, '#report-result'))
    page.locator('#report .witness a').first.click()
    sel = text(page, '#selinfo')
    check('357: witness -> (0,1)',
          sel.startswith('(0,1): copy A (registers, D) holds it in T1V0 T17V0; MMA A expects it in T0V1 T16V1'), sel)
    page.hover(f'#panel-src rect[data-i="{0 + 64 * 1}"]')
    page.screenshot(path=os.path.join(out, 'explore_sycl_tla_357_witness.png'), full_page=True)
    page.fill('#search', 'T1V0')
    page.press('#search', 'Enter')
    check('357: T1V0', text(page, '#selinfo').startswith(
        'T1V0 holds (0,1) in copy A (registers, D); T1V0 holds (0,2) in MMA A'))
    check('357: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('sycl_tla_357')

    # 2. Several operands (Xe s8 B on an f16 MMA): switching operands redraws the panels and the list.
    file = explore('tests/data/specs/xe_s8_b_f16_mma.json', 'xe_s8_b_f16_mma')
    page, problems, _ = open_page(file)
    ops = page.locator('#operands button').all_inner_texts()
    check('ops: buttons', len(ops) >= 2 and 'A' in ops and 'B' in ops, ','.join(ops))
    page.click('#op-A')
    check('ops: A heading', 'copy A' in text(page, '#panel-src h3'))
    check('ops: A list', 'operand A' in text(page, '#mismatch-count'))
    page.click('#op-B')
    check('ops: B heading', 'copy B' in text(page, '#panel-src h3'))
    check('ops: B list', 'operand B' in text(page, '#mismatch-count'))
    page.hover('#panel-reorder rect[data-i="0"]')
    check('ops: B hover', text(page, '#info').startswith('(0,0)'))
    check('ops: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('xe_s8_b_f16_mma')

    # 3. NVIDIA: a plain thread-value copy feeding an SM80 MMA (verify refutes fragment.A): whole TV
    #    layouts, warps of 32.
    file = explore('tests/data/specs/sm80_f16_a_thr_val_copy.json', 'sm80_f16_a_thr_val_copy')
    page, problems, _ = open_page(file)
    mc = text(page, '#mismatch-count')
    check('nv: mismatches found', not mc.startswith('(0 '), mc)
    page.locator('#mismatches li[data-i]').first.click()
    check('nv: mismatch selected', count(page, '#panel-dst rect.sel') >= 1)
    check('nv: report refutes', 'failed' in text(page, '#report-result'))
    page.screenshot(path=os.path.join(out, 'explore_sm80_f16_a_thr_val_copy.png'), full_page=True)
    check('nv: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('sm80_f16_a_thr_val_copy')

    # 3b. The partition panel: CUTLASS's SM80 f16 TN mainloop (a C++ configuration, swizzled smem). Selecting
    #     T5 lists what `tvlab plan --thread 5` prints, tensor for tensor; a click on another cell follows.
    file = os.path.join(out, 'cutlass_sm80_f16_tn.html')
    subprocess.run([tvlab, 'explore', os.path.join(root, 'tests/data/cpp/cutlass_sm80_f16_tn.hpp'), '-o', file],
                   check=True)
    want = json.loads(run(['plan', '--json', '--thread', '5', '--operand', 'A',
                           os.path.join(root, 'tests/data/cpp/cutlass_sm80_f16_tn.hpp')]).stdout)[0]
    page, problems, _ = open_page(file)
    page.fill('#search', 'T5')
    page.press('#search', 'Enter')
    check('part: T5 heading', text(page, '#partition-thread') == 'T5', text(page, '#partition-thread'))
    names = page.eval_on_selector_all('#partition details.tensor', 'es => es.map(e => e.dataset.name)')
    check('part: the tensors of plan --thread', names == [t['name'] for t in want['tensors']], names)
    codes = page.eval_on_selector_all('#partition details.tensor code', 'es => es.map(e => e.textContent)')
    check('part: CuTe prints', codes == [t['tensor'] for t in want['tensors']], codes)
    rows = page.eval_on_selector_all('#partition details.tensor[data-name="tCsA"] li', 'es => es.map(e => e.textContent)')
    first = [v for v in next(t for t in want['tensors'] if t['name'] == 'tCsA')['values'] if v['index'] == 0][0]
    check('part: first iteration starts at value 0', len(rows) > 1 and rows[0].startswith('(0,0,0): (%d,%d' % tuple(
        first['coord'][:2])) and ('@%d' % first['element']) in rows[0], rows[:2])
    check('part: a note on the missing gmem tensor', 'problem shape' in text(page, '#partition'))
    page.click('#panel-src rect[data-i="1"]')
    check('part: a click selects another thread', re.fullmatch(r'T\d+', text(page, '#partition-thread')),
          text(page, '#partition-thread'))
    page.click('#clear')
    check('part: clear empties the panel', text(page, '#partition') == '')
    page.screenshot(path=os.path.join(out, 'explore_sm80_partition.png'), full_page=True)
    check('part: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('cutlass_sm80_f16_tn partitions')

    # 4. The 256x256x32 work-group tile: load time, operand switch to C (65536 cells), hover latency.
    file = explore('gallery/specs/xe_bf16_256x256x32.json', 'xe_bf16_256x256x32')
    page, problems, load_ms = open_page(file)
    build = page.evaluate('() => window.tvlab.buildMs')
    check('big: loads within 10 s', load_ms < 10000, f'{load_ms} ms')
    t = now_ms()
    page.click('#op-C')
    page.wait_for_function("() => window.tvlab.operand() === 'C'")
    switch_ms = now_ms() - t
    # 65536 cells: drawn as one image per panel, highlighted cells as overlays.
    check('big: C cells as an image', count(page, '#panel-src image.cells') == 1 and
          page.get_attribute('#panel-src image.cells', 'href').startswith('data:image/png'))
    check('big: C is 256x256', 'of 65536 elements, operand C' in text(page, '#mismatch-count'))
    # Find (4,7), zoom in about it (cells of the fitted 256x256 tile are 2 pixels), hover it.
    page.fill('#search', '(4,7)')
    page.press('#search', 'Enter')
    for _ in range(4):
        page.click('#zoom-in')
    t = now_ms()
    page.hover(f'#panel-src rect[data-i="{4 + 256 * 7}"]', timeout=5000)
    page.wait_for_function(
        "() => document.querySelector('#panel-dst rect[data-i=\"1796\"]').classList.contains('hov')")
    hover_ms = now_ms() - t
    t = now_ms()
    page.fill('#search', 'T100')
    page.press('#search', 'Enter')
    check('big: T100 found', text(page, '#selinfo').startswith('T100'))
    search_ms = now_ms() - t
    check('big: hover and search under 1 s', hover_ms < 1000 and search_ms < 1000, f'{hover_ms} {search_ms}')
    page.wait_for_timeout(100)
    labelled = count(page, '#panel-src g.labels text')
    check('big: zoomed in, the cells in view are labelled', 0 < labelled <= 1600, f'{labelled}')
    page.screenshot(path=os.path.join(out, 'explore_xe_bf16_256x256x32_C.png'))
    print(f'256x256x32: page load {load_ms} ms (script {math.floor(build + 0.5)} ms), switch to C {switch_ms} ms, '
          f'hover {hover_ms} ms, search {search_ms} ms')
    check('big: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()

    # 5. The banks panel (NVIDIA operand staged in shared memory): a padded tile that is also swizzled, so its 16
    #    ldmatrix instructions take 11 to 23 wavefronts. The shown counts must be verify's (the worst instruction,
    #    first) and `tvlab banks`' (an instruction stepped to, fed back as --smem/--tv).
    spec = 'tests/data/specs/sm80_ldsm_x4_pad72_sw333.json'
    rep = json.loads(run(['verify', '--format', 'json', os.path.join(root, spec)]).stdout)

    def vcheck(code):
        return next((c for c in rep['specs'][0]['checks'] if c['code'] == code), None)

    vs2r, vg2s = vcheck('banks.A.s2r'), vcheck('banks.A.g2s')
    check('banks: verify refutes banks.A.s2r', vs2r and vs2r['verdict'] == 'refuted' and vs2r['data'].get('worst'),
          json.dumps(vs2r) if vs2r is not None else '')
    file = explore(spec, 'sm80_ldsm_x4_pad72_sw333')
    page, problems, _ = open_page(file)
    check('banks: closed at first', count(page, '#panel-banks') == 0)
    page.click('#banks-toggle')
    check('banks: panel opens', count(page, '#panel-banks svg') == 1 and count(page, '#panels .panel') == 4)
    check('banks: s2r chosen', has_class(page, '#bank-copy-s2r', 'on'))

    def name(t):
        return f"warp {t['warp']}, instruction {t['instruction']} (repeat {t['repeat']})"

    # First: the worst instruction, verify's witness.
    w = vs2r['data']['worst']
    info = text(page, '#bank-inst-info')
    check("banks: first is verify's worst", 's2r ' + name(w) in info, f'{info} vs {name(w)}')
    check('banks: worst wavefronts = verify',
          num(text(page, '#bank-wavefronts')) == w['wavefronts'] and num(text(page, '#bank-ideal')) == w['ideal_wavefronts'],
          f"{text(page, '#bank-wavefronts')} vs {w['wavefronts']}")
    summary = text(page, '#bank-summary')
    d = vs2r['data']
    check('banks: totals = verify',
          f"{d['instructions']} instructions, {d['wavefronts']} wavefronts, ideal {d['ideal_wavefronts']}" in summary, summary)
    check('banks: suggestion = verify',
          f"suggest: {d['suggest']['layout']}: {d['suggest']['wavefronts']} wavefronts (ideal)" in text(page, '#bank-suggest'),
          text(page, '#bank-suggest'))
    check('banks: lanes outlined', count(page, '#panel-banks rect.ln') >= 32)
    check('banks: colliding cells marked',
          count(page, '#panel-banks rect.cl') > 0 and count(page, '#panel-banks rect.ln.clash') > 0)
    check('banks: prev disabled at the worst', page.locator('#bank-prev').is_disabled())
    # Step to the third instruction (fewer or as many conflicts).
    page.click('#bank-next')
    page.click('#bank-next')
    check('banks: position 3', text(page, '#bank-pos').startswith('3 of 16'), text(page, '#bank-pos'))
    info = text(page, '#bank-inst-info')
    m = re.search(r'warp (\d+), instruction (\d+) \(repeat (\d+)\)', info)
    shown = num(text(page, '#bank-wavefronts'))
    check('banks: sorted, most conflicts first', shown <= w['wavefronts'], f"{js([shown])} > {w['wavefronts']}")
    # `tvlab banks` on the same instruction: its lanes (the page's data) as a TV layout relative to lane 0's first
    # cell, that cell's element offset moved into the smem layout (Sw<3,3,3> o OFF o (32,64):(72,1)).
    data = page.evaluate("() => JSON.parse(document.getElementById('tvlab-data').textContent)")
    cp = data['operands']['A']['banks']['copies'][0]
    inst = next((t for t in cp['insts'] if m and t['warp'] == int(m[1]) and t['instruction'] == int(m[2])
                 and t['repeat'] == int(m[3])), None)
    check('banks: the shown instruction is in the data', inst is not None, info)
    ls = inst['lanes']
    base = ls[0]['cells'][0]
    strides = [ls[k]['cells'][0] - base for k in (1, 2, 4, 8, 16)]
    sv = ls[0]['cells'][1] - base
    affine = len(ls) == 32
    for k, lane in enumerate(ls):
        for v, c in enumerate(lane['cells']):
            e = base + v * sv
            for b in range(5):
                if k & (1 << b):
                    e += strides[b]
            if c != e:
                affine = False
    check("banks: the instruction's lanes form a TV layout", affine and all(x >= 0 for x in strides))
    tv = f"((2,2,2,2,2),8):(({','.join(str(x) for x in strides)}),{sv})"
    off = 72 * (base % 32) + base // 32
    b = run(['banks', '--smem', f'Sw<3,3,3> o {off} o (32,64):(72,1)', '--tv', tv, '--type', 'half_t',
             '--op', 'ldmatrix.x4', '--json'])
    bj = None if b.returncode == 2 else json.loads(b.stdout)
    check('banks: tvlab banks runs', bj is not None, b.stderr.decode(errors='replace'))
    if bj:
        check('banks: stepped wavefronts = tvlab banks',
              shown == bj['wavefronts'] and num(text(page, '#bank-ideal')) == bj['ideal_wavefronts'] and
              num(text(page, '#bank-conflicts')) == bj['bank_conflicts'], f"{js([shown])} vs {bj['wavefronts']}")
        phases = page.locator('#bank-phases li').all_inner_texts()
        check('banks: phases = tvlab banks',
              len(phases) == len(bj['phases']) and
              all(f", {p['ways']} wavefront" in phases[k] for k, p in enumerate(bj['phases'])), ' | '.join(phases))
        # Hover lane 5: its address, bank and phase as tvlab banks has them.
        k = next((i for i, p in enumerate(bj['phases']) if 5 in p['lanes']), None)
        ph = bj['phases'][k]
        at = ph['lanes'].index(5)
        page.hover(f"#panel-banks rect[data-i=\"{ls[5]['cells'][0]}\"]")
        hov = text(page, '#info')
        check('banks: hover shows the lane',
              f"s2r lane 5: address {ph['addresses'][at]}, bank {ph['banks'][at]}, phase {k}" in hov, hov)
    page.mouse.move(5, 5)
    page.screenshot(path=os.path.join(out, 'explore_banks_pad72_sw333.png'), full_page=True)
    # The select jumps; the g2s copy has its own instructions (verify's banks.A.g2s).
    page.select_option('#bank-inst', '15')
    check('banks: select jumps to the last',
          text(page, '#bank-pos').startswith('16 of 16') and page.locator('#bank-next').is_disabled())
    page.click('#bank-copy-g2s')
    g = vg2s['data']
    check('banks: g2s worst = verify',
          'g2s ' + name(g['worst']) in text(page, '#bank-inst-info') and
          num(text(page, '#bank-wavefronts')) == g['worst']['wavefronts'], text(page, '#bank-inst-info'))
    check('banks: g2s totals = verify',
          f"{g['wavefronts']} wavefronts, ideal {g['ideal_wavefronts']}" in text(page, '#bank-summary'))
    # Its phases as the model splits them (8 lanes of 16 bytes), each exact here, adding up to the instruction.
    ph = page.eval_on_selector_all('#bank-phases li', 'es => es.map(e => [e.textContent, e.dataset.exact])')
    check('banks: g2s global side', text(page, '#bank-gmem').startswith(
        'global (cp.async.cg): 1 request, 16 sectors of 32 bytes, 512 of 512 bytes used'), text(page, '#bank-gmem'))
    check('banks: g2s phases exact, adding up',
          len(ph) == 4 and all(e == 'true' and 'at least' not in t for t, e in ph) and
          sum(int(re.search(r', (\d+) wavefronts?', t).group(1)) for t, _ in ph) == num(text(page, '#bank-wavefronts')),
          ph)
    # Closing and reopening keeps working; the maps are untouched.
    page.click('#banks-toggle')
    check('banks: panel closes', count(page, '#panel-banks') == 0 and count(page, '#panels .panel') == 3)
    check('banks: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('banks')

    # 5b. CUTLASS's f16 TN default as C++: each 8 lanes read two 64-byte rows at the same offsets, a run-time
    #     leading dimension apart: stacked lines, 2 wavefronts a phase, exact where rows start 128-byte aligned,
    #     which the panel says as verify's banks.A.g2s does.
    tn = json.loads(run(['verify', '--format', 'json',
                         os.path.join(root, 'tests/data/cpp/cutlass_sm80_f16_tn.hpp')]).stdout)['specs'][0]
    tg = next(c for c in tn['checks'] if c['code'] == 'banks.A.g2s')
    page, problems, _ = open_page(os.path.join(out, 'cutlass_sm80_f16_tn.html'))
    page.click('#banks-toggle')
    page.click('#bank-copy-g2s')
    ph = page.eval_on_selector_all('#bank-phases li', 'es => es.map(e => [e.textContent, e.dataset.exact])')
    check('banks stacked: phases exact, 2 wavefronts each',
          len(ph) == 4 and all(e == 'true' and re.match(r'phase \d: lanes [0-9-]+, 2 wavefronts', t) for t, e in ph) and
          num(text(page, '#bank-wavefronts')) == 8, ph)
    check('banks stacked: global side', text(page, '#bank-gmem').startswith(
        'global (cp.async.ca): 1 request, 16 sectors of 32 bytes') and
          '16..24 sectors where rows are only 16-byte aligned' in text(page, '#bank-gmem'), text(page, '#bank-gmem'))
    aligned = 'where rows start 128-byte aligned (base, leading dimension)'
    check('banks stacked: the copy = verify, with its condition',
          tg['verdict'] == 'proved' and tg['data']['assumes_aligned_rows'] and
          f"{tg['data']['wavefronts']} wavefronts, ideal {tg['data']['ideal_wavefronts']}" in text(page, '#bank-summary') and
          aligned in text(page, '#bank-summary') and aligned in text(page, '#bank-inst-info'),
          text(page, '#bank-summary'))
    check('banks stacked: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    section('banks stacked')


    # 5b. Conflict-free (the swizzled fix) and an operand without shared memory.
    page, problems, _ = open_page(explore('tests/data/specs/sm80_ldsm_x4_rm64_sw333.json', 'sm80_ldsm_x4_rm64_sw333'))
    page.click('#banks-toggle')
    check('banks-ok: 4 wavefronts', num(text(page, '#bank-wavefronts')) == 4 and num(text(page, '#bank-conflicts')) == 0)
    check('banks-ok: says conflict-free', text(page, '#bank-suggest').startswith('conflict-free'))
    check('banks-ok: nothing marked', count(page, '#panel-banks rect.cl') == 0)
    check('banks-ok: no console errors or network', len(problems) == 0, '; '.join(problems))
    page.close()
    # A copy the bank model cannot take (a column-major tile under ldmatrix: verify refutes vector.A.s2r).
    cm = os.path.join(out, 'sm80_ldsm_x4_colmajor.json')
    src = Path(root, 'tests/data/specs/sm80_ldsm_x4_rm64.json').read_text(encoding='utf-8')
    Path(cm).write_text(src.replace('"(32,64):(64,1)"', '"(32,64):(1,32)"', 1), encoding='utf-8')
    cpage, cproblems, _ = open_page(explore(os.path.relpath(cm, root), 'sm80_ldsm_x4_colmajor'))
    cpage.click('#banks-toggle')
    cs = text(cpage, '#bank-summary')
    check('banks-error: says why', has_class(cpage, '#bank-summary', 'error') and
          "cannot be analysed (verify's vector.A.s2r)" in cs and 'must be contiguous' in cs, cs)
    check('banks-error: no stepper, no lanes',
          not cpage.locator('#bank-stepper').is_visible() and count(cpage, '#panel-banks rect.ln') == 0)
    check('banks-error: no console errors or network', len(cproblems) == 0, '; '.join(cproblems))
    cpage.close()
    xpage, xproblems, _ = open_page(explore('tests/data/specs/xe_f16_a_col_major.json', 'xe_f16_a_col_major_banks'))
    xpage.click('#banks-toggle')
    check('banks-none: says why', 'operand A is not staged in shared memory' in text(xpage, '#bank-why'),
          text(xpage, '#bank-why'))
    check('banks-none: no tile', count(xpage, '#panel-banks svg') == 0 and count(xpage, '#panels .panel') == 4)
    xpage.hover('#panel-src rect[data-i="1"]')
    check('banks-none: hover still works', text(xpage, '#info').startswith('(1,0)'))
    check('banks-none: no console errors or network', len(xproblems) == 0, '; '.join(xproblems))
    xpage.close()
    # A g2s cp.async whose global sources the bank model does not cover: verify says unknown, "at least N"; the
    # panel titles the copy and its instructions as that bound, never with an ideal or "conflict-free".
    # An epilogue's C copy whose global sources the spec does not give (docs/banks.md).
    bspec = 'tests/data/specs/sm80_c_float_padded.json'
    brep = json.loads(run(['verify', '--format', 'json', os.path.join(root, bspec)]).stdout)
    bg = next((c for c in brep['specs'][0]['checks'] if c['code'] == 'banks.C.g2s'), None)
    check('banks-bound: verify says unknown, at least', bg and bg['verdict'] == 'unknown' and bg['data'].get('exact') is False,
          json.dumps(bg) if bg is not None else '')
    if bg:
        bpage, bproblems, _ = open_page(explore(bspec, 'sm80_c_float_padded_banks'))
        bpage.click('#banks-toggle')
        check('banks-bound: s2r exact', 'ideal' in text(bpage, '#bank-summary') and 'at least' not in text(bpage, '#bank-summary'),
              text(bpage, '#bank-summary'))
        bpage.click('#bank-copy-g2s')
        bs, bi = text(bpage, '#bank-summary'), text(bpage, '#bank-inst-info')
        check('banks-bound: the title says at least, as verify',
              f"{bg['data']['instructions']} instructions, at least {bg['data']['wavefronts']} wavefronts (a lower bound; ideal and bank conflicts "
              f"unknown): not modeled: {bg['data']['not_modeled']}" in bs and 'conflict-free' not in bs and not re.search(r'ideal \d', bs), bs)
        check('banks-bound: the instruction says at least',
              bi.startswith('g2s warp 0, instruction 0 (repeat 0): at least 4 wavefronts (a lower bound') and
              count(bpage, '#bank-ideal') == 0 and count(bpage, '#bank-conflicts') == 0, bi)
        opts = bpage.locator('#bank-inst option').all_inner_texts()
        check('banks-bound: the list says at least', len(opts) == bg['data']['instructions'] and all(': at least ' in o for o in opts), '; '.join(opts[:2]))
        ph = bpage.eval_on_selector_all('#bank-phases li', 'es => es.map(e => [e.textContent, e.dataset.exact])')
        check('banks-bound: its phases, bounds with the reason, adding up',
              len(ph) >= 1 and all(e == 'false' and re.match(r'phase \d: lanes [0-9-]+, at least \d+ wavefronts?; a lower '
                                                              r'bound: ', t) for t, e in ph) and
              sum(int(re.search(r'at least (\d+) wavefront', t).group(1)) for t, _ in ph) == 4, ph)
        check('banks-bound: global side not counted, with why',
              text(bpage, '#bank-gmem').startswith('global side not counted: '), text(bpage, '#bank-gmem'))
        check('banks-bound: no verdict', text(bpage, '#bank-suggest').startswith('no verdict'), text(bpage, '#bank-suggest'))
        check('banks-bound: copy button says at least', f"at least {bg['data']['wavefronts']} wavefronts" in bpage.locator('#bank-copy-g2s').get_attribute('title'))
        check('banks-bound: no console errors or network', len(bproblems) == 0, '; '.join(bproblems))
        bpage.close()
    section('banks conflict-free, no smem')

    # 5c. A kernel model ("cta_tile"): the smem stage holds the CTA tile of one stage (128x32 for A), not the MMA's
    #     32x16 operand tile, and verify's banks.A.s2r enumerates that stage. The banks panel draws its own grid
    #     of it, with verify's totals; the maps keep their grid, and hovering one grid leaves the other alone.
    for spec, rows, cols in (('cutlass_sm80_f16_tn_128x128x32', 128, 32), ('cutlass_sm80_f16_tn_128x128x64', 128, 64)):
        sfile = os.path.join(root, 'tests/data/specs', spec + '.json')
        srep = json.loads(run(['verify', '--format', 'json', sfile]).stdout)
        sv = next((c for c in srep['specs'][0]['checks'] if c['code'] == 'banks.A.s2r'), None)
        check(f'{spec}: verify has banks.A.s2r', sv is not None and sv['verdict'] == 'proved')
        if sv is None:
            continue
        kpage, kproblems, _ = open_page(explore(os.path.relpath(sfile, root), spec))
        kdata = json.loads(kpage.text_content('#tvlab-data'))
        kb, ka = kdata['operands']['A']['banks'], kdata['operands']['A']
        check(f'{spec}: banks staged on the stage tile', kb['staged'] and (kb['rows'], kb['cols']) == (rows, cols) and
              (ka['rows'], ka['cols']) != (rows, cols), json.dumps({k: kb.get(k) for k in ('staged', 'why', 'rows', 'cols')}))
        kpage.click('#op-A')
        kpage.click('#banks-toggle')
        ks = text(kpage, '#bank-summary')
        check(f'{spec}: totals = verify ({sv["data"]["wavefronts"]} wavefronts)',
              f"{sv['data']['instructions']} instructions, {sv['data']['wavefronts']} wavefronts, ideal "
              f"{sv['data']['ideal_wavefronts']}" in ks, ks)
        check(f'{spec}: no refusal', count(kpage, '#bank-why') == 0)
        big = rows * cols > 4096
        if big:
            check(f'{spec}: the stage as an image', count(kpage, '#panel-banks image.cells') == 1 and
                  kpage.get_attribute('#panel-banks image.cells', 'width') == str(cols * 48))
        else:
            check(f'{spec}: the stage grid', count(kpage, '#panel-banks rect.c') == rows * cols and
                  count(kpage, '#panel-src rect.c') == ka['rows'] * ka['cols'])
        check(f'{spec}: lanes outlined', count(kpage, '#panel-banks rect.ln') >= 32)
        # The stage's last cell, beyond the operand tile: hovered in the banks grid alone.
        far = rows * cols - 1
        if not big:
            kpage.click('#zoom-fit')  # the whole stage in view
            kpage.hover(f'#panel-banks rect.c[data-i="{far}"]', force=True)
            hov = text(kpage, '#info')
            check(f'{spec}: hover a stage cell', hov.startswith(f'({far % rows},{far // rows}) of the {rows}x{cols} smem stage') and
                  f"byte {kb['address'][far]}, bank {kb['bank'][far]}" in hov, hov)
            check(f'{spec}: the maps not hovered', count(kpage, '#panel-src rect.hov') == 0)
        kpage.hover('#panel-src rect[data-i="1"]')
        hov = text(kpage, '#info')
        check(f'{spec}: the maps hover as before', hov.startswith('(1,0)') and 'smem stage' not in hov and
              count(kpage, '#panel-banks rect.hov') == 0, hov)
        kpage.screenshot(path=os.path.join(out, f'explore_banks_{spec}.png'), full_page=True)
        check(f'{spec}: no console errors or network', len(kproblems) == 0, '; '.join(kproblems))
        kpage.close()
    section('banks of a kernel model')

    browser.close()


try:
    with sync_playwright() as pw:
        main(pw)
except Exception as e:  # noqa: BLE001 - any failure ends the test with its first line
    print('FAIL exception: ' + f'{type(e).__name__}: {e}'.split('\n')[0])
    sys.exit(1)
# The page is written even when checks fail; a bad spec writes nothing and exits 2.
r = run(['explore', os.path.join(root, 'tests/data/specs/xe_f16_a_col_major.json'), '-o', os.path.join(out, 'x.html'),
         '--operand', 'C'])
check('cli: missing operand exits 2', r.returncode == 2, r.stderr.decode(errors='replace'))
print(f'browser.explore: {passes} passed, {fails} failed; screenshots in {out}')
sys.exit(1 if fails else 0)
