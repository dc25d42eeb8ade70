// tvlab explore: draws the embedded ownership maps as SVG panels and wires hover, selection, search,
// the mismatch list, operand and view switches, zoom and pan, and the banks panel (the bank model's
// results for the operand's shared-memory copies, computed by tvlab: this only draws them). Plain DOM,
// no network.
(function () {
  'use strict';
  var t0 = performance.now();
  var DATA = JSON.parse(document.getElementById('tvlab-data').textContent);
  var CW = 48, CH = 20, LEFT = 44, TOP = 20, LABEL_CAP = 4096, DIM_CAP = 16384, READABLE_PX = 40;
  var $ = function (id) { return document.getElementById(id); };
  var state = { op: null, view: 'thread', m: null, box: null, full: null, sel: null, banksOn: false, bank: null };

  // ---- data ----------------------------------------------------------------------------------
  // A side's holders: n[i] holders for cell i, flattened into t[] and v[].
  function unpack(side, cells) {
    var start = new Int32Array(cells + 1);
    for (var i = 0; i < cells; ++i) start[i + 1] = start[i] + side.n[i];
    var byKey = new Map(), byT = new Map();
    for (var c = 0; c < cells; ++c)
      for (var k = start[c]; k < start[c + 1]; ++k) {
        var key = side.t[k] * 65536 + side.v[k];
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push(c);
        if (!byT.has(side.t[k])) byT.set(side.t[k], []);
        var l = byT.get(side.t[k]);
        if (l[l.length - 1] !== c) l.push(c);
      }
    return { start: start, t: side.t, v: side.v, byKey: byKey, byT: byT };
  }
  function holders(s, c) {
    var out = [];
    for (var k = s.start[c]; k < s.start[c + 1]; ++k) out.push([s.t[k], s.v[k]]);
    return out;
  }
  function model(op) {
    var d = DATA.operands[op];
    if (d.model) return d.model;
    var cells = d.rows * d.cols;
    var m = { d: d, cells: cells, src: unpack(d.src, cells), dst: unpack(d.dst, cells), moved: new Uint8Array(cells) };
    for (var i = 0; i < d.mismatches.length; ++i) m.moved[d.mismatches[i]] = 1;
    d.model = m;
    return m;
  }
  function crd(m, i) { return '(' + (i % m.d.rows) + ',' + Math.floor(i / m.d.rows) + ')'; }
  function hname(m, h) {
    if (state.view === 'subgroup') {
      var g = m.d.group;
      return 'sg' + Math.floor(h[0] / g) + '.' + (h[0] % g) + 'V' + h[1];
    }
    return 'T' + h[0] + 'V' + h[1];
  }
  function hlist(m, hs) { return hs.length ? hs.map(function (h) { return hname(m, h); }).join(' ') : 'nobody'; }
  function colour(m, h) {
    if (!h) return '#fff';
    if (state.view === 'subgroup') {
      var sg = Math.floor(h[0] / m.d.group), lane = h[0] % m.d.group;
      return 'hsl(' + ((sg * 137.508) % 360).toFixed(1) + ',60%,' + (66 + (lane % 4) * 5) + '%)';
    }
    return 'hsl(' + ((h[0] * 137.508) % 360).toFixed(1) + ',65%,78%)';
  }

  // ---- drawing -------------------------------------------------------------------------------
  var PANELS = [
    { id: 'src', title: function (d) { return 'source: ' + d.src_name; } },
    { id: 'dst', title: function (d) { return 'destination: ' + d.dst_name; } },
    { id: 'reorder', title: function (d) { return 'reorder ' + d.src_name + ' \u2192 ' + d.dst_name + ' (outlined: moves; label: destination)'; } }
  ];
  var BANKS = { id: 'banks', title: function (d) {
    var b = d.banks;
    return 'banks: ' + b.type + ' over ' + b.layout + ' (' + b.banks + ' banks of ' + b.bank_bytes + ' bytes, model ' + b.model +
      (b.validated ? ', H100-measured' : ', unvalidated') + ')';
  } };
  // The operand's banks data when it is staged in shared memory, else null.
  function staged(d) { return d.banks && d.banks.staged ? d.banks : null; }
  // The panels drawn now: the three maps, and the banks panel when it is open and has a tile to draw.
  function panels() { return state.banksOn && state.m && staged(state.m.d) ? PANELS.concat([BANKS]) : PANELS; }
  // The banks data's own tile when it has one (kernel models: the smem stage's CTA tile, not the MMA's
  // operand tile): the banks panel then draws its own grid, zooms and pans on its own, and hovers alone.
  function ownGrid() { var b = state.m && staged(state.m.d); return !!(b && b.rows); }
  // The grid a panel draws: the operand map's, or for the banks panel the banks data's own.
  function grid(m, p) {
    var b = p === 'banks' ? staged(m.d) : null;
    return b && b.rows ? { rows: b.rows, cols: b.cols, cells: b.rows * b.cols } : { rows: m.d.rows, cols: m.d.cols, cells: m.cells };
  }
  // The panels one cell index means the same cell in: the banks panel alone, or the maps (and the banks
  // panel when it shares their tile).
  function sharing(panel) {
    if (!ownGrid()) return panels();
    return panel === 'banks' ? [BANKS] : PANELS;
  }
  function panelSvg(m, p) {
    var d = m.d, G = grid(m, p.id), out = [], labels = G.cells <= LABEL_CAP;
    var fs = fontSize(p);
    for (var c = 0; c < G.cols; ++c)
      if (G.cols <= 64 || c % 8 === 0)
        out.push('<text class="tick" x="' + (LEFT + c * CW + CW / 2) + '" y="' + (TOP - 6) + '" font-size="10" text-anchor="middle">' + c + '</text>');
    for (var r = 0; r < G.rows; ++r)
      if (G.rows <= 64 || r % 8 === 0)
        out.push('<text class="tick" x="' + (LEFT - 4) + '" y="' + (TOP + r * CH + CH * 0.7) + '" font-size="10" text-anchor="end">' + r + '</text>');
    out.push('<text class="tick" x="2" y="' + (TOP - 6) + '" font-size="10">' + d.row_axis + '\\' + d.col_axis + '</text>');
    if (G.cells > LABEL_CAP) {
      // Big tiles: the cells are one image (a canvas, one pixel per cell); highlighted cells get
      // overlay rects on demand (rectOf).
      out.push('<image class="cells" x="' + LEFT + '" y="' + TOP + '" width="' + G.cols * CW + '" height="' + G.rows * CH +
        '" preserveAspectRatio="none" style="image-rendering:pixelated" href="' + cellImage(m, p) + '"/>');
      out.push('<g class="labels"></g><g class="marks"></g>' + (p.id === 'banks' ? '<g class="lanes"></g>' : ''));
      return out.join('');
    }
    var text = [];
    for (var i = 0; i < G.cells; ++i) {
      var row = i % G.rows, col = (i - row) / G.rows, x = LEFT + col * CW, y = TOP + row * CH;
      if (p.id === 'banks') {
        out.push('<rect class="c" data-i="' + i + '" x="' + x + '" y="' + y + '" width="' + CW + '" height="' + CH + '" fill="' + bankFill(d.banks, i) + '"/>');
        if (labels) text.push(labelSvg(m, p, i, null, fs));
        continue;
      }
      var hs = p.id === 'dst' ? m.dst : m.src, k = hs.start[i];
      var h = hs.start[i + 1] > k ? [hs.t[k], hs.v[k]] : null;
      if (p.id === 'reorder') {
        var dk = m.dst.start[i];
        var dh = m.dst.start[i + 1] > dk ? [m.dst.t[dk], m.dst.v[dk]] : null;
        h = m.moved[i] ? dh || h : h;
      }
      var cls = 'c' + (h ? '' : ' hole') + (p.id === 'reorder' && m.moved[i] ? ' moved' : '');
      var fill = p.id === 'reorder' && !m.moved[i] ? '#e6e6e6' : colour(m, h);
      out.push('<rect class="' + cls + '" data-i="' + i + '" x="' + x + '" y="' + y + '" width="' + CW + '" height="' + CH + '" fill="' + fill + '"/>');
      if (labels && h) text.push(labelSvg(m, p, i, h, fs));
    }
    return out.join('') + text.join('') + (p.id === 'banks' ? '<g class="lanes"></g>' : '');
  }
  // A cell's colour in the banks panel: its bank's (bank mod 16, as tvlab render --view banks).
  function bankFill(b, i) { return b.palette[b.bank[i] % b.palette.length]; }
  // Subgroup labels (sg0.1V0) are longer than thread labels (T1V0).
  function fontSize(p) {
    if (p.id === 'banks') return 8;
    var sg = state.view === 'subgroup';
    return p.id === 'reorder' ? (sg ? 6.5 : 8) : sg ? 7.5 : 9;
  }
  // A cell's label: its (first) holder, "+" when there are more; the reorder panel: the destination.
  function labelSvg(m, p, i, h, fs) {
    var d = m.d, G = grid(m, p.id), x = LEFT + Math.floor(i / G.rows) * CW, y = TOP + (i % G.rows) * CH;
    if (p.id === 'banks')
      return '<text x="' + (x + CW / 2) + '" y="' + (y + CH * 0.78) + '" font-size="' + fs + '" text-anchor="middle">b' + d.banks.bank[i] + '</text>';
    var n = (p.id === 'dst' ? m.dst : m.src);
    var more = n.start[i + 1] - n.start[i] > 1 ? '+' : '';
    var label = p.id === 'reorder' ? (m.moved[i] ? '\u2192' + hname(m, h) : '=') : hname(m, h) + more;
    return '<text x="' + (x + CW / 2) + '" y="' + (y + CH * 0.68) + '" font-size="' + fs + '" text-anchor="middle">' + label + '</text>';
  }
  // Big tiles: labels for the cells in view once few enough are (zoomed in).
  var labelQueued = false;
  function labelVisible() {
    labelQueued = false;
    var m = state.m;
    if (!m) return;
    panels().forEach(function (p) {
      var svg = document.querySelector('#panel-' + p.id + ' svg'), g = svg && svg.querySelector('g.labels'), d = grid(m, p.id);
      if (!g || d.cells <= LABEL_CAP) return;
      // The cells in this panel's view (the banks panel shows more than the maps' box).
      var vb = svg.viewBox.baseVal, b = vb && vb.width ? vb : { x: state.box.x, y: state.box.y, width: state.box.w, height: state.box.h };
      var c0 = Math.max(0, Math.floor((b.x - LEFT) / CW) - 1), c1 = Math.min(d.cols - 1, Math.floor((b.x + b.width - LEFT) / CW) + 1);
      var r0 = Math.max(0, Math.floor((b.y - TOP) / CH) - 1), r1 = Math.min(d.rows - 1, Math.floor((b.y + b.height - TOP) / CH) + 1);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > (p.id === 'banks' ? 4800 : 1600)) { g.textContent = ''; return; }
      var out = [], side = p.id === 'dst' ? m.dst : m.src;
      for (var c = c0; c <= c1; ++c)
        for (var r = r0; r <= r1; ++r) {
          var i = r + d.rows * c, k = side.start[i];
          if (p.id === 'banks') { out.push(labelSvg(m, p, i, null, fontSize(p))); continue; }
          if (side.start[i + 1] === k) continue;
          var h = [side.t[k], side.v[k]];
          if (p.id === 'reorder' && m.moved[i] && m.dst.start[i + 1] > m.dst.start[i]) h = [m.dst.t[m.dst.start[i]], m.dst.v[m.dst.start[i]]];
          out.push(labelSvg(m, p, i, h, fontSize(p)));
        }
      g.innerHTML = out.join('');
    });
  }
  // A cell's fill in a panel and its label holder.
  function cellFill(m, p, i) {
    if (p.id === 'banks') return bankFill(m.d.banks, i);
    var hs = p.id === 'dst' ? m.dst : m.src, k = hs.start[i];
    var h = hs.start[i + 1] > k ? [hs.t[k], hs.v[k]] : null;
    if (p.id === 'reorder') {
      if (!m.moved[i]) return '#e6e6e6';
      var dk = m.dst.start[i];
      h = m.dst.start[i + 1] > dk ? [m.dst.t[dk], m.dst.v[dk]] : h;
    }
    return colour(m, h);
  }
  function cellImage(m, p) {
    var d = grid(m, p.id), cv = document.createElement('canvas');
    cv.width = d.cols; cv.height = d.rows;
    var g = cv.getContext('2d'), last = null;
    for (var i = 0; i < d.cells; ++i) {
      var f = p.id === 'reorder' && m.moved[i] ? '#d04040' : cellFill(m, p, i);
      if (f !== last) { g.fillStyle = f; last = f; }
      g.fillRect(Math.floor(i / d.rows), i % d.rows, 1, 1);
    }
    return cv.toDataURL('image/png');
  }
  function draw() {
    var m = state.m, d = m.d, host = $('panels');
    host.textContent = '';
    hovered = [];
    marked = [];
    state.full = { x: 0, y: 0, w: LEFT + d.cols * CW + 4, h: TOP + d.rows * CH + 4 };
    state.rects = {};
    panels().forEach(function (p) {
      var div = document.createElement('div');
      div.className = 'panel';
      div.id = 'panel-' + p.id;
      var h3 = document.createElement('h3');
      h3.textContent = p.title(d);
      div.appendChild(h3);
      var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.innerHTML = panelSvg(m, p);
      if (p.id === 'banks') bankPanel(div, svg);
      else div.appendChild(svg);
      host.appendChild(div);
      state.rects[p.id] = grid(m, p.id).cells > LABEL_CAP ? { overlay: svg.querySelector('g.marks'), made: new Map() } : svg.querySelectorAll('rect.c');
      wire(svg, p.id);
    });
    if (state.banksOn && !staged(d)) {
      // The panel says why there is nothing to draw.
      var div = document.createElement('div');
      div.className = 'panel';
      div.id = 'panel-banks';
      div.innerHTML = '<h3>banks</h3><p id="bank-why"></p>';
      div.querySelector('#bank-why').textContent = d.banks ? d.banks.why : 'no banks data for operand ' + state.op;
      host.appendChild(div);
    }
    sizePanels();
    if (!state.box) state.box = initialBox();
    if (ownGrid()) {
      var G = grid(m, 'banks');
      state.bankFull = { x: 0, y: 0, w: LEFT + G.cols * CW + 4, h: TOP + G.rows * CH + 4 };
      if (!state.bankBox) state.bankBox = bankInitialBox();
    }
    applyBox();
    restoreSelection();
    if (panels().indexOf(BANKS) >= 0) showBank();
  }

  // ---- highlighting --------------------------------------------------------------------------
  // The rect of cell i in a panel: the drawn cell, or (big tiles) an overlay made on demand.
  function rectOf(panel, i) {
    var rs = state.rects[panel];
    if (!rs.overlay) return rs[i];
    var r = rs.made.get(i);
    if (!r) {
      var d = grid(state.m, panel);
      r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      r.setAttribute('class', 'c ov');
      r.setAttribute('data-i', i);
      r.setAttribute('x', LEFT + Math.floor(i / d.rows) * CW);
      r.setAttribute('y', TOP + (i % d.rows) * CH);
      r.setAttribute('width', CW);
      r.setAttribute('height', CH);
      rs.overlay.appendChild(r);
      rs.made.set(i, r);
    }
    return r;
  }
  function dropOverlays() {
    panels().forEach(function (p) {
      var rs = state.rects[p.id];
      if (!rs || !rs.overlay) return;
      rs.made.forEach(function (r, i) { if (r.classList.length <= 2) { r.remove(); rs.made.delete(i); } });
    });
  }
  var marked = [];
  function mark(panel, cells, cls) {
    for (var i = 0; i < cells.length; ++i) { var r = rectOf(panel, cells[i]); r.classList.add(cls); marked.push([r, cls]); }
  }
  function clearMarks() {
    for (var i = 0; i < marked.length; ++i) marked[i][0].classList.remove(marked[i][1]);
    marked = [];
    dropOverlays();
    document.querySelectorAll('#panels svg').forEach(function (s) { s.classList.remove('dim'); });
    document.querySelectorAll('#mismatches li.on').forEach(function (li) { li.classList.remove('on'); });
  }
  // Dimming the other cells restyles every cell: only on tiles small enough to do it at once.
  function dim() {
    if (state.m.cells > DIM_CAP) return;
    document.querySelectorAll('#panels .panel:not(#panel-banks) svg').forEach(function (s) { s.classList.add('dim'); });
  }
  var hovered = [];
  var hoveredIn = null;
  function hover(i, panel) {
    var own = ownGrid() && panel === 'banks';
    if (hovered.length && +hovered[0].getAttribute('data-i') === i && hoveredIn === own) return;
    hovered.forEach(function (r) { r.classList.remove('hov'); });
    hovered = [];
    hoveredIn = own;
    dropOverlays();
    if (i === null) return;
    var m = state.m;
    sharing(panel).forEach(function (p) { var r = rectOf(p.id, i); r.classList.add('hov'); hovered.push(r); });
    if (own) {
      // A cell of the stage's own tile: the operand maps have no such cell.
      var G = grid(m, 'banks');
      $('info').textContent = '(' + (i % G.rows) + ',' + Math.floor(i / G.rows) + ') of the ' + G.rows + 'x' + G.cols + ' smem stage' + bankHover(i);
      return;
    }
    var s = holders(m.src, i), t = holders(m.dst, i);
    $('info').textContent = crd(m, i) + '  ' + m.d.src_name + ': ' + hlist(m, s) + '  |  ' + m.d.dst_name + ': ' +
      hlist(m, t) + '  |  ' + (m.moved[i] ? (m.d.xe ? 'MISMATCH: the subgroup reorder must move it' : 'MISMATCH: it must move between threads') : 'same holder') +
      (panels().indexOf(BANKS) >= 0 && !ownGrid() ? bankHover(i) : '');
  }
  function minus(a, b) { var s = new Set(b); return a.filter(function (x) { return !s.has(x); }); }
  function union(a, b) { return Array.from(new Set(a.concat(b))); }
  function cellsOfKeys(side, hs) {
    var out = [];
    hs.forEach(function (h) { (side.byKey.get(h[0] * 65536 + h[1]) || []).forEach(function (c) { out.push(c); }); });
    return out;
  }
  function selectCell(i, fromList) {
    clearMarks();
    var m = state.m;
    state.sel = { kind: 'cell', i: i, list: !!fromList };
    var s = holders(m.src, i), t = holders(m.dst, i);
    sharing('src').forEach(function (p) { mark(p.id, [i], 'sel'); });
    // The cells involved: where the destination's holders sit in the source, and vice versa.
    mark('src', minus(cellsOfKeys(m.src, t), [i]), 'alt');
    mark('dst', minus(cellsOfKeys(m.dst, s), [i]), 'alt');
    dim();
    var text = crd(m, i) + ': ' + m.d.src_name + ' holds it in ' + hlist(m, s) + '; ' + m.d.dst_name + ' expects it in ' + hlist(m, t);
    if (m.moved[i]) {
      var where = t.map(function (h) {
        var c = m.src.byKey.get(h[0] * 65536 + h[1]);
        return hname(m, h) + ' of the source holds ' + (c ? c.map(function (x) { return crd(m, x); }).join(' ') : 'nothing');
      });
      text += ' \u2014 mismatch; ' + where.join('; ') + ' (blue)';
    } else text += ' \u2014 no move';
    $('selinfo').textContent = text;
    $('selinfo').className = '';
    if (fromList) {
      var li = document.querySelector('#mismatches li[data-i="' + i + '"]');
      if (li) li.classList.add('on');
    }
    focusCell(i);
  }
  // ---- thread partition panel ----------------------------------------------------------------
  function showPartition(t) {
    var box = $('partition'), d = state.m && state.m.d.partition;
    box.textContent = '';
    $('partition-thread').textContent = t === null ? '' : 'T' + t;
    if (t === null) return;
    var note = function (text) { var p = document.createElement('p'); p.className = 'hint'; p.textContent = text; box.appendChild(p); };
    if (!d) { note('no partition data for this operand'); return; }
    if (d.why) { note(d.why); return; }
    var ts = d.threads[t];
    if (!ts) { note('T' + t + ' is outside the ' + d.threads.length + ' threads'); return; }
    ts.forEach(function (v) {
      var det = document.createElement('details'), sum = document.createElement('summary');
      det.className = 'tensor';
      det.dataset.name = v.name;
      det.open = true;
      sum.textContent = v.name + ' = ' + v.expr + '  ' + v.modes;
      det.appendChild(sum);
      var code = document.createElement('code');
      code.textContent = v.tensor;
      det.appendChild(code);
      var ol = document.createElement('ol');
      v.lines.forEach(function (l) { var li = document.createElement('li'); li.textContent = l; ol.appendChild(li); });
      det.appendChild(ol);
      box.appendChild(det);
    });
    (d.notes || []).forEach(note);
  }
  function selectThread(t) {
    clearMarks();
    showPartition(t);
    var m = state.m;
    state.sel = { kind: 'thread', t: t };
    var s = m.src.byT.get(t) || [], d = m.dst.byT.get(t) || [];
    mark('src', s, 'sel'); mark('src', minus(d, s), 'alt');
    mark('dst', d, 'sel'); mark('dst', minus(s, d), 'alt');
    mark('reorder', union(s, d), 'sel');
    dim();
    var diff = 0;
    s.forEach(function (c) { if (m.moved[c]) ++diff; });
    $('selinfo').textContent = 'T' + t + ' (subgroup ' + Math.floor(t / m.d.group) + ', lane ' + (t % m.d.group) + '): ' +
      s.length + ' elements in ' + m.d.src_name + ', ' + d.length + ' in ' + m.d.dst_name + '; ' + diff +
      ' of its source elements must move (red: held there, blue: held in the other panel)';
    $('selinfo').className = '';
    if (s.length || d.length) focusCell((s.length ? s : d)[0]);
  }
  function selectHolder(t, v) {
    clearMarks();
    showPartition(t);
    var m = state.m;
    state.sel = { kind: 'holder', t: t, v: v };
    var key = t * 65536 + v, s = m.src.byKey.get(key) || [], d = m.dst.byKey.get(key) || [];
    mark('src', s, 'sel'); mark('src', minus(d, s), 'alt');
    mark('dst', d, 'sel'); mark('dst', minus(s, d), 'alt');
    mark('reorder', union(s, d), 'sel');
    dim();
    var h = [t, v], name = hname(m, h);
    var part = function (side, cells) {
      return cells.length ? name + ' holds ' + cells.map(function (c) { return crd(m, c); }).join(' ') + ' in ' + side : name + ' holds nothing in ' + side;
    };
    var text = part(m.d.src_name, s) + '; ' + part(m.d.dst_name, d);
    s.forEach(function (c) { if (m.moved[c]) text += '; ' + m.d.dst_name + ' expects ' + crd(m, c) + ' in ' + hlist(m, holders(m.dst, c)); });
    $('selinfo').textContent = text;
    $('selinfo').className = '';
    if (s.length || d.length) focusCell((s.length ? s : d)[0]);
  }
  function restoreSelection() {
    var s = state.sel;
    if (!s) return;
    if (s.kind === 'cell' && s.i < state.m.cells) selectCell(s.i, s.list);
    else if (s.kind === 'thread') selectThread(s.t);
    else if (s.kind === 'holder') selectHolder(s.t, s.v);
    else state.sel = null;
  }
  function clearSelection() { clearMarks(); state.sel = null; $('selinfo').textContent = ''; showPartition(null); }

  // ---- search --------------------------------------------------------------------------------
  function search(q) {
    var m = state.m, x;
    q = q.trim();
    var fail = function (why) { clearSelection(); $('selinfo').textContent = why; $('selinfo').className = 'error'; return false; };
    if ((x = /^T\s*(\d+)$/i.exec(q))) {
      var t = +x[1];
      if (t >= m.d.threads) return fail('no work-item T' + t + ': the work-group has T0..T' + (m.d.threads - 1));
      selectThread(t);
      return true;
    }
    if ((x = /^T\s*(\d+)\s*,?\s*V\s*(\d+)$/i.exec(q))) {
      if (+x[1] >= m.d.threads) return fail('no work-item T' + x[1] + ': the work-group has T0..T' + (m.d.threads - 1));
      selectHolder(+x[1], +x[2]);
      return true;
    }
    if ((x = /^\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$/.exec(q))) {
      var r = +x[1], c = +x[2];
      if (r >= m.d.rows || c >= m.d.cols) return fail('(' + r + ',' + c + ') is outside the ' + m.d.rows + 'x' + m.d.cols + ' tile');
      selectCell(r + m.d.rows * c);
      return true;
    }
    return fail('type T3 (a work-item), T3V5 (a value) or (4,7) (a coordinate)');
  }

  // ---- zoom and pan --------------------------------------------------------------------------
  function applyBox() {
    var b = state.box, vb = b.x + ' ' + b.y + ' ' + b.w + ' ' + b.h;
    document.querySelectorAll('#panels svg').forEach(function (s) { s.setAttribute('viewBox', vb); });
    // The banks panel is wider: the same scale and top-left as the maps, showing more of the tile.
    var bs = document.querySelector('#panel-banks svg'), ref = document.querySelector('#panel-src svg');
    if (bs && ownGrid() && state.bankBox) {
      // Its own tile: its own box, fitted into the panel from the top left.
      var bb = state.bankBox;
      bs.setAttribute('viewBox', bb.x + ' ' + bb.y + ' ' + bb.w + ' ' + bb.h);
      bs.setAttribute('preserveAspectRatio', 'xMinYMin meet');
    } else if (bs && ref && ref.clientWidth && bs.clientWidth) {
      var k = unitsPerPx(b);
      bs.setAttribute('viewBox', (b.x + b.w / 2 - ref.clientWidth * k / 2) + ' ' + (b.y + b.h / 2 - ref.clientHeight * k / 2) + ' ' +
        bs.clientWidth * k + ' ' + bs.clientHeight * k);
      bs.setAttribute('preserveAspectRatio', 'xMinYMin meet');
    }
    if (!labelQueued) { labelQueued = true; requestAnimationFrame(labelVisible); }
  }
  function zoom(f, cx, cy, panel) {
    if (ownGrid() && panel === 'banks') {
      var bb = state.bankBox, w0 = Math.min(state.bankFull.w * 1.5, Math.max(CW * 2, bb.w / f)), h0 = bb.h * (w0 / bb.w);
      state.bankBox = { x: cx - (cx - bb.x) * (w0 / bb.w), y: cy - (cy - bb.y) * (h0 / bb.h), w: w0, h: h0 };
      applyBox();
      return;
    }
    var b = state.box, full = state.full;
    if (cx === undefined && state.sel && state.sel.kind === 'cell') {
      // The buttons zoom about the selected cell.
      var d = state.m.d, i = state.sel.i;
      cx = LEFT + (Math.floor(i / d.rows) + 0.5) * CW; cy = TOP + (i % d.rows + 0.5) * CH;
    }
    if (cx === undefined) { cx = b.x + b.w / 2; cy = b.y + b.h / 2; }
    var w = Math.min(full.w * 1.5, Math.max(CW * 2, b.w / f)), h = b.h * (w / b.w);
    state.box = { x: cx - (cx - b.x) * (w / b.w), y: cy - (cy - b.y) * (h / b.h), w: w, h: h };
    applyBox();
  }
  // Tile units per screen pixel in the maps (their box is fitted, centred, into the panel).
  function unitsPerPx(b, panel) {
    var ref = document.querySelector(ownGrid() && panel === 'banks' ? '#panel-banks svg' : '#panel-src svg');
    return Math.max(b.w / (ref.clientWidth || 1), b.h / (ref.clientHeight || 1));
  }
  function fit() {
    state.box = Object.assign({}, state.full);
    if (ownGrid() && state.bankFull) state.bankBox = Object.assign({}, state.bankFull);
    applyBox();
  }
  // Panels as tall as the tile's aspect asks, within limits.
  function sizePanels() {
    var f = state.full;
    var h = 240;
    document.querySelectorAll('#panels .panel:not(#panel-banks) svg').forEach(function (s) {
      h = Math.round(Math.max(240, Math.min(640, s.clientWidth * f.h / f.w)));
      s.style.height = h + 'px';
    });
    var bs = document.querySelector('#panel-banks svg');
    if (bs) bs.style.height = Math.max(360, h) + 'px';
  }
  // The whole tile when its cells are readable; else the top-left corner at a readable scale.
  function initialBox() {
    var svg = document.querySelector('#panels svg'), f = state.full;
    var w = svg.clientWidth || 400, h = svg.clientHeight || 400;
    if (Math.min(w / f.w, h / f.h) * CW >= READABLE_PX) return Object.assign({}, f);
    var k = CW / READABLE_PX;
    return { x: 0, y: 0, w: w * k, h: h * k };
  }
  // The banks panel's first box on its own tile: the whole stage when readable, else its top-left corner.
  function bankInitialBox() {
    var svg = document.querySelector('#panel-banks svg'), f = state.bankFull;
    var w = (svg && svg.clientWidth) || 400, h = (svg && svg.clientHeight) || 400;
    if (Math.min(w / f.w, h / f.h) * CW >= READABLE_PX) return Object.assign({}, f);
    var k = CW / READABLE_PX;
    return { x: 0, y: 0, w: w * k, h: h * k };
  }
  function focusCell(i, panel) {
    var own = ownGrid() && panel === 'banks', d = grid(state.m, own ? 'banks' : 'src'), b = own ? state.bankBox : state.box;
    var x = LEFT + Math.floor(i / d.rows) * CW, y = TOP + (i % d.rows) * CH;
    if (x < b.x || x + CW > b.x + b.w || y < b.y || y + CH > b.y + b.h) {
      var nb = { x: x + CW / 2 - b.w / 2, y: y + CH / 2 - b.h / 2, w: b.w, h: b.h };
      if (own) state.bankBox = nb; else state.box = nb;
      applyBox();
    }
  }
  function svgPoint(svg, e) {
    var p = svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function wire(svg, panel) {
    var drag = null;
    // The cell under the pointer (null outside the tile).
    var own = function () { return ownGrid() && panel === 'banks'; };
    var cellAt = function (e) {
      var q = svgPoint(svg, e), d = grid(state.m, panel);
      var c = Math.floor((q.x - LEFT) / CW), r = Math.floor((q.y - TOP) / CH);
      return r >= 0 && r < d.rows && c >= 0 && c < d.cols ? r + d.rows * c : null;
    };
    svg.addEventListener('pointermove', function (e) { if (!drag) hover(cellAt(e), panel); });
    svg.addEventListener('mouseleave', function () { hover(null); });
    svg.addEventListener('wheel', function (e) {
      e.preventDefault();
      var p = svgPoint(svg, e);
      zoom(e.deltaY < 0 ? 1.25 : 0.8, p.x, p.y, panel);
    }, { passive: false });
    svg.addEventListener('pointerdown', function (e) {
      drag = { x: e.clientX, y: e.clientY, box: Object.assign({}, own() ? state.bankBox : state.box), moved: false, cell: cellAt(e) };
    });
    svg.addEventListener('pointermove', function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
      if (!drag.moved) svg.setPointerCapture(e.pointerId);
      drag.moved = true;
      var k = unitsPerPx(drag.box, panel), nb = { x: drag.box.x - dx * k, y: drag.box.y - dy * k, w: drag.box.w, h: drag.box.h };
      if (own()) state.bankBox = nb; else state.box = nb;
      applyBox();
    });
    svg.addEventListener('pointerup', function () {
      var dr = drag;
      drag = null;
      if (!dr || dr.moved) return;
      var i = dr.cell;
      if (i === null || own()) return;  // the stage's own cells hold no thread of the operand maps
      var m = state.m, side = panel === 'dst' ? m.dst : m.src, hs = holders(side, +i);
      if (hs.length) { $('search').value = 'T' + hs[0][0]; selectThread(hs[0][0]); }
      else selectCell(+i);
    });
  }

  // ---- banks panel ---------------------------------------------------------------------------
  // Everything here is tvlab's (explore_banks.cpp): wavefronts, phases, collisions, lanes' addresses and
  // banks, the suggestion. This draws them and steps through the instructions, most conflicts first.
  function ranges(ls) {
    var out = [];
    for (var i = 0; i < ls.length; ++i) {
      var j = i;
      while (j + 1 < ls.length && ls[j + 1] === ls[j] + 1) ++j;
      out.push(j > i ? ls[i] + '-' + ls[j] : '' + ls[i]);
      i = j;
    }
    return out.join(' ');
  }
  function wavefronts(n) { return n + (n === 1 ? ' wavefront' : ' wavefronts'); }
  // A cp.async the bank model does not cover (tvlab's "not_modeled"): its wavefronts are a lower bound, its
  // ideal and bank conflicts unknown, as `tvlab banks` and verify's banks.X.g2s (unknown) say.
  function bound(x) { return x.exact === false || !!x.not_modeled; }
  // An exact cp.async count from relative sources (rows a run-time leading dimension apart) holds where rows
  // start 128-byte aligned, as verify's banks.X.g2s says.
  var ALIGNED_ROWS = ', where rows start 128-byte aligned (base, leading dimension)';
  function bankCopy() { var b = staged(state.m.d); return b && b.copies.length ? b.copies[state.bank.copy] : null; }
  // A warp (32 lanes) on NVIDIA, a subgroup (16 lanes) on the Xe SLM model.
  function instName(t) {
    var b = staged(state.m.d), unit = b && b.model !== 'nvidia' ? 'subgroup ' : 'warp ';
    return unit + t.warp + ', instruction ' + t.instruction + ' (repeat ' + t.repeat + ')';
  }
  // The panel: copy switch and stepper above, the tile and the instruction's phases and the suggestion beside.
  function bankPanel(div, svg) {
    var b = staged(state.m.d), ctl = document.createElement('div');
    ctl.className = 'bank-controls';
    ctl.innerHTML = '<span class="group" id="bank-copies"></span>' +
      '<span class="group" id="bank-stepper"><button id="bank-prev" title="the previous instruction (more conflicts)">&#9664; prev</button>' +
      '<select id="bank-inst" aria-label="instruction"></select>' +
      '<button id="bank-next" title="the next instruction (fewer conflicts)">next &#9654;</button>' +
      '<span id="bank-pos"></span></span>';
    b.copies.forEach(function (c, k) {
      var btn = document.createElement('button');
      btn.id = 'bank-copy-' + c.name;
      btn.textContent = c.name + ' ' + c.op;
      btn.title = c.name + ': ' + c.atom + (c.error ? ' (cannot be analysed)' : bound(c) ? ', at least ' + wavefronts(c.wavefronts) +
        ' (a lower bound)' : ', ' + wavefronts(c.wavefronts) + ', ideal ' + c.ideal_wavefronts);
      btn.addEventListener('click', function () { state.bank = { copy: k, pos: 0 }; showBank(); });
      ctl.querySelector('#bank-copies').appendChild(btn);
    });
    ctl.querySelector('#bank-prev').addEventListener('click', function () { stepBank(-1); });
    ctl.querySelector('#bank-next').addEventListener('click', function () { stepBank(1); });
    ctl.querySelector('#bank-inst').addEventListener('change', function (e) { state.bank.pos = +e.target.value; showBank(true); });
    div.appendChild(ctl);
    var sum = document.createElement('div');
    sum.id = 'bank-summary';
    div.appendChild(sum);
    var body = document.createElement('div');
    body.className = 'bank-body';
    body.appendChild(svg);
    var side = document.createElement('div');
    side.className = 'bank-side';
    side.innerHTML = '<div id="bank-inst-info"></div><ul id="bank-phases"></ul><div id="bank-suggest"></div>' +
      '<div id="bank-legend"></div>';
    body.appendChild(side);
    div.appendChild(body);
    var leg = [];
    for (var k = 0; k < b.palette.length && k < b.banks; ++k)
      leg.push('<span class="key"><span class="sw" style="background:' + b.palette[k] + '"></span>' + k +
        (k + b.palette.length < b.banks ? '/' + (k + b.palette.length) : '') + '</span>');
    side.querySelector('#bank-legend').innerHTML = '<p class="hint">Cell colour: the bank of the element\'s ' + b.bank_bytes +
      '-byte word (bank mod ' + b.palette.length + '; label b&lt;bank&gt;). Outlined: the instruction\'s lanes (L&lt;lane&gt;); red: lanes meeting another lane\'s word in one bank in one phase. Hover a lane: its address, bank and phase.</p>' +
      '<div class="legend">' + leg.join(' ') + '</div>';
  }
  function stepBank(k) {
    var c = bankCopy();
    if (!c || c.error) return;
    state.bank.pos = Math.max(0, Math.min(c.insts.length - 1, state.bank.pos + k));
    showBank(true);
  }
  var bankLanes = new Map();  // cell -> the selected instruction's lanes accessing it
  function showBank(focus) {
    var b = staged(state.m.d), c = bankCopy(), g = document.querySelector('#panel-banks g.lanes');
    bankLanes = new Map();
    g.textContent = '';
    document.querySelectorAll('#bank-copies button').forEach(function (btn) { btn.classList.toggle('on', c && btn.id === 'bank-copy-' + c.name); });
    var sum = $('bank-summary'), info = $('bank-inst-info'), phases = $('bank-phases'), sug = $('bank-suggest');
    info.textContent = ''; phases.textContent = ''; sug.textContent = '';
    $('bank-stepper').style.visibility = c && !c.error && c.insts.length ? '' : 'hidden';
    if (!c) { sum.textContent = 'The smem stage has no copy (g2s, s2r, r2s): only the banks of ' + b.layout + ' are drawn.'; return; }
    sum.textContent = c.name + ' ' + c.atom + ': ' + c.op + ' of ' + b.type;
    if (c.error) { sum.textContent += ' \u2014 cannot be analysed (verify\'s vector.' + state.op + '.' + c.name + '): ' + c.error; sum.className = 'error'; return; }
    sum.textContent += ', ' + c.bytes_per_lane + ' bytes a lane';
    sum.className = '';
    if (bound(c))
      sum.textContent += '; ' + c.insts.length + ' instructions, at least ' + wavefronts(c.wavefronts) +
        ' (a lower bound; ideal and bank conflicts unknown): not modeled: ' + c.not_modeled + (b.validated ? '' : '; model: unvalidated');
    else
      sum.textContent += '; ' + c.insts.length + ' instructions, ' + wavefronts(c.wavefronts) + ', ideal ' + c.ideal_wavefronts +
        (c.bank_conflicts ? ': ' + c.bank_conflicts + ' bank conflicts' : ' (conflict-free)') +
        (c.insts.some(function (t) { return t.assumes_aligned_rows; }) ? ALIGNED_ROWS : '') + (b.validated ? '' : '; model: unvalidated');
    var sel = $('bank-inst');
    if (sel.getAttribute('data-copy') !== c.name) {
      sel.setAttribute('data-copy', c.name);
      sel.innerHTML = c.order.map(function (k, pos) {
        var t = c.insts[k];
        return '<option value="' + pos + '">#' + (pos + 1) + ' ' + instName(t) + ': ' +
          (bound(t) ? 'at least ' + t.wavefronts : t.wavefronts + ' / ' + t.ideal_wavefronts) + '</option>';
      }).join('');
    }
    sel.value = state.bank.pos;
    $('bank-prev').disabled = state.bank.pos === 0;
    $('bank-next').disabled = state.bank.pos === c.insts.length - 1;
    $('bank-pos').textContent = (state.bank.pos + 1) + ' of ' + c.insts.length + ', most conflicts first';
    var t = c.insts[c.order[state.bank.pos]];
    if (bound(t)) {
      info.innerHTML = '<b>' + c.name + ' ' + instName(t) + '</b>: at least <span id="bank-wavefronts">' + t.wavefronts +
        '</span> wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: <span id="bank-not-modeled"></span>';
      $('bank-not-modeled').textContent = t.not_modeled;
    } else {
      info.innerHTML = '<b>' + c.name + ' ' + instName(t) + '</b>: <span id="bank-wavefronts">' + t.wavefronts +
        '</span> wavefronts, ideal <span id="bank-ideal">' + t.ideal_wavefronts + '</span>, <span id="bank-conflicts">' +
        t.bank_conflicts + '</span> bank conflicts' + (t.bank_conflicts ? '' : ' (conflict-free)') +
        (t.assumes_aligned_rows ? ALIGNED_ROWS : '');
    }
    // g2s: the instruction's global side as gmem.X.g2s counts it (tvlab's sentence), or why there is none.
    if (t.gmem || c.gmem_why) {
      var gl = document.createElement('div');
      gl.id = 'bank-gmem';
      gl.textContent = t.gmem ? 'global (' + c.gmem_op + '): ' + t.gmem : 'global side not counted: ' + c.gmem_why;
      info.appendChild(gl);
    }
    t.phases.forEach(function (ph, k) {
      var li = document.createElement('li');
      if (!ph.lanes.length) { li.textContent = 'phase ' + k + ': no lanes'; li.className = 'idle'; phases.appendChild(li); return; }
      // The phases as the model splits them (cp.async: groups of 128/bytes lanes), each exact or, with
      // "bound", a lower bound and the model's reason; they add up to the instruction's count.
      var lb = ph.bound !== undefined;
      li.textContent = 'phase ' + k + ': lanes ' + ranges(ph.lanes) + ', ' + (lb ? 'at least ' : '') + wavefronts(ph.wavefronts);
      if (ph.collisions.length) {
        var col = ph.collisions[0];
        li.textContent += '; bank ' + col.bank + (lb ? ' holds ' + col.ways + ' words of lanes ' : ' serves ' + col.ways + ' words to lanes ') + ranges(col.lanes) +
          (ph.collisions.length > 1 ? ' (and ' + (ph.collisions.length - 1) + ' more banks)' : '');
        li.className = 'clash';
      }
      if (lb) { li.textContent += '; a lower bound: ' + ph.bound; li.className = (li.className + ' bound').trim(); }
      li.setAttribute('data-exact', lb ? 'false' : 'true');
      li.setAttribute('data-phase', k);
      phases.appendChild(li);
    });
    if (c.suggest) sug.textContent = 'suggest: ' + c.suggest.text + ' (now ' + wavefronts(c.wavefronts) + ' over the ' + c.insts.length + ' instructions)';
    else if (bound(c)) sug.textContent = 'no verdict: the bank model gives a lower bound only for this cp.async (its global sources decide; verify says unknown)';
    else if (c.bank_conflicts) sug.textContent = 'suggest: none found (swizzles Sw<1..4,0..6,1..8> and row padding up to 8 vectors)';
    else sug.textContent = 'conflict-free: every instruction takes its ideal wavefronts';
    // The lanes: one outline around each lane's cells (their box when they fill it, else cell by cell).
    var d = grid(state.m, 'banks'), out = [], marks = [], labels = [];
    t.lanes.forEach(function (l) {
      var r0 = Infinity, r1 = -1, c0 = Infinity, c1 = -1, hit = l.clash.length > 0;
      l.cells.forEach(function (i) {
        var r = i % d.rows, cc = Math.floor(i / d.rows);
        r0 = Math.min(r0, r); r1 = Math.max(r1, r); c0 = Math.min(c0, cc); c1 = Math.max(c1, cc);
        if (!bankLanes.has(i)) bankLanes.set(i, []);
        bankLanes.get(i).push(l);
      });
      var cls = 'ln' + (hit ? ' clash' : '');
      var box = function (ra, rb, ca, cb) {
        out.push('<rect class="' + cls + '" data-lane="' + l.lane + '" x="' + (LEFT + ca * CW) + '" y="' + (TOP + ra * CH) +
          '" width="' + (cb - ca + 1) * CW + '" height="' + (rb - ra + 1) * CH + '"/>');
      };
      if ((r1 - r0 + 1) * (c1 - c0 + 1) === new Set(l.cells).size) box(r0, r1, c0, c1);
      else l.cells.forEach(function (i) { var r = i % d.rows, cc = Math.floor(i / d.rows); box(r, r, cc, cc); });
      l.clash.forEach(function (i) {
        marks.push('<rect class="cl" x="' + (LEFT + Math.floor(i / d.rows) * CW) + '" y="' + (TOP + (i % d.rows) * CH) + '" width="' + CW + '" height="' + CH + '"/>');
      });
      labels.push('<text class="lnl" x="' + (LEFT + c0 * CW + 2) + '" y="' + (TOP + r0 * CH + 8) + '" font-size="8">L' + l.lane + '</text>');
    });
    g.innerHTML = marks.join('') + out.join('') + labels.join('');
    if (focus && t.lanes.length) focusCell(t.lanes[0].cells[0], 'banks');
  }
  // The hover line's banks part: the cell's byte address and bank, and the selected instruction's lanes there.
  function bankHover(i) {
    var b = staged(state.m.d), c = bankCopy(), text = '  |  byte ' + b.address[i] + ', bank ' + b.bank[i];
    var t = c && !c.error && c.insts.length ? c.insts[c.order[state.bank.pos]] : null;
    (bankLanes.get(i) || []).forEach(function (l) {
      text += '  |  ' + c.name + ' lane ' + l.lane + ': address ' + l.address + ', bank ' + l.bank + ', phase ' + l.phase;
      var col = t && l.phase >= 0 ? t.phases[l.phase].collisions.filter(function (x) { return x.lanes.indexOf(l.lane) >= 0; })[0] : null;
      if (col && t.phases[l.phase].bound !== undefined) text += '; shares bank ' + col.bank + ' with lanes ' + ranges(col.lanes.filter(function (x) { return x !== l.lane; })) + ' (' + col.ways + ' words: a bound phase)';
      else if (col) text += '; meets lanes ' + ranges(col.lanes.filter(function (x) { return x !== l.lane; })) + ' in bank ' + col.bank + ' (' + col.ways + ' ways)';
    });
    return text;
  }

  // ---- side column ---------------------------------------------------------------------------
  function mismatchList() {
    var m = state.m, ol = $('mismatches'), mis = m.d.mismatches, cap = 500, frag = document.createDocumentFragment();
    ol.textContent = '';
    $('mismatch-count').textContent = '(' + mis.length + ' of ' + m.cells + ' elements, operand ' + state.op + ')';
    for (var k = 0; k < Math.min(cap, mis.length); ++k) {
      var i = mis[k], li = document.createElement('li');
      li.setAttribute('data-i', i);
      li.textContent = crd(m, i) + ': ' + hlist(m, holders(m.src, i)) + ' \u2192 ' + hlist(m, holders(m.dst, i));
      frag.appendChild(li);
    }
    if (mis.length > cap) {
      var more = document.createElement('li');
      more.className = 'more';
      more.textContent = (mis.length - cap) + ' more: search for a coordinate or a work-item';
      frag.appendChild(more);
    }
    (m.d.outside || []).forEach(function (o) {
      var li = document.createElement('li');
      li.className = 'more';
      li.textContent = 'outside the tile: ' + o;
      frag.appendChild(li);
    });
    if (!mis.length) {
      var none = document.createElement('li');
      none.className = 'more';
      none.textContent = 'none: the copy hands every element to the work-item and value the MMA expects';
      frag.appendChild(none);
    }
    ol.appendChild(frag);
  }
  function report() {
    var host = $('report'), rep = DATA.report;
    $('report-result').textContent = '(' + rep.result + ')';
    rep.specs.forEach(function (spec) {
      spec.checks.forEach(function (ch) {
        var div = document.createElement('div');
        div.className = 'check';
        var v = document.createElement('span');
        v.className = 'verdict v-' + ch.verdict + ' s-' + ch.severity;
        v.textContent = ch.verdict === 'refuted' && ch.severity !== 'error' ? ch.severity : ch.verdict;
        var code = document.createElement('span');
        code.className = 'code';
        code.textContent = ch.code;
        div.appendChild(v); div.appendChild(code);
        div.appendChild(document.createTextNode(' ' + ch.summary));
        var op = (/\.(A|B|C|D)$/.exec(ch.code) || [])[1];
        (ch.witnesses || []).forEach(function (w) {
          var wd = document.createElement('div');
          wd.className = 'witness';
          var x = /-> (\(\d+,\d+\))/.exec(w);
          if (x && op && DATA.operands[op]) {
            var a = document.createElement('a');
            a.textContent = w;
            a.title = 'show ' + x[1] + ' of operand ' + op;
            a.addEventListener('click', function () { setOperand(op); $('search').value = x[1]; search(x[1]); });
            wd.appendChild(a);
          } else wd.textContent = w;
          div.appendChild(wd);
        });
        host.appendChild(div);
      });
    });
  }

  // ---- switches ------------------------------------------------------------------------------
  function setOperand(op) {
    if (state.op === op) return;
    state.op = op;
    state.m = model(op);
    state.box = null;
    state.bankBox = null;
    state.sel = null;
    state.bank = { copy: 0, pos: 0 };
    $('selinfo').textContent = '';
    var b = DATA.operands[op].banks;
    $('banks-toggle').title = staged(DATA.operands[op]) ? 'the shared-memory banks of operand ' + op + '\'s smem copies (s2r, g2s)' :
      'operand ' + op + ': ' + (b ? b.why : 'no banks data');
    document.querySelectorAll('#operands button').forEach(function (b) { b.classList.toggle('on', b.textContent === op); });
    draw();
    mismatchList();
  }
  function setView(v) {
    state.view = v;
    $('view-thread').classList.toggle('on', v === 'thread');
    $('view-subgroup').classList.toggle('on', v === 'subgroup');
    draw();
    mismatchList();
  }

  // ---- start ---------------------------------------------------------------------------------
  var ops = Object.keys(DATA.operands);
  $('subtitle').textContent = DATA.spec + ' \u2014 ' + DATA.mma + '; ' + DATA.tool;
  ops.forEach(function (op) {
    var b = document.createElement('button');
    b.id = 'op-' + op;
    b.textContent = op;
    b.title = 'operand ' + op + ': ' + DATA.operands[op].mismatches.length + ' mismatches';
    b.addEventListener('click', function () { setOperand(op); });
    $('operands').appendChild(b);
  });
  $('view-thread').addEventListener('click', function () { setView('thread'); });
  $('view-subgroup').addEventListener('click', function () { setView('subgroup'); });
  $('search-form').addEventListener('submit', function (e) { e.preventDefault(); search($('search').value); });
  $('clear').addEventListener('click', function () { $('search').value = ''; clearSelection(); });
  $('zoom-in').addEventListener('click', function () { zoom(1.5); });
  $('zoom-out').addEventListener('click', function () { zoom(1 / 1.5); });
  $('zoom-fit').addEventListener('click', fit);
  $('banks-toggle').addEventListener('click', function () {
    state.banksOn = !state.banksOn;
    $('banks-toggle').classList.toggle('on', state.banksOn);
    if (state.m) draw();
  });
  $('mismatches').addEventListener('click', function (e) {
    var li = e.target.closest('li[data-i]');
    if (li) selectCell(+li.getAttribute('data-i'), true);
  });
  report();
  if (ops.length) {
    var first = ops.filter(function (op) { return DATA.operands[op].mismatches.length; })[0] || ops[0];
    setOperand(first);
  } else {
    $('info').textContent = 'This spec has no operand with both a copy and an MMA fragment: only the report is shown.';
  }
  window.tvlab = { ready: true, buildMs: performance.now() - t0, search: search, operand: function () { return state.op; },
    banksOpen: function () { return state.banksOn; } };
})();
