// tvlab explore: draws the embedded ownership maps as SVG panels and wires hover, selection, search,
// the mismatch list, operand and view switches, zoom and pan. Plain DOM, no network.
(function () {
  'use strict';
  var t0 = performance.now();
  var DATA = JSON.parse(document.getElementById('tvlab-data').textContent);
  var CW = 48, CH = 20, LEFT = 44, TOP = 20, LABEL_CAP = 4096, DIM_CAP = 16384, READABLE_PX = 40;
  var $ = function (id) { return document.getElementById(id); };
  var state = { op: null, view: 'thread', m: null, box: null, full: null, sel: null };

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
  function panelSvg(m, p) {
    var d = m.d, out = [], labels = m.cells <= LABEL_CAP;
    var fs = fontSize(p);
    for (var c = 0; c < d.cols; ++c)
      if (d.cols <= 64 || c % 8 === 0)
        out.push('<text class="tick" x="' + (LEFT + c * CW + CW / 2) + '" y="' + (TOP - 6) + '" font-size="10" text-anchor="middle">' + c + '</text>');
    for (var r = 0; r < d.rows; ++r)
      if (d.rows <= 64 || r % 8 === 0)
        out.push('<text class="tick" x="' + (LEFT - 4) + '" y="' + (TOP + r * CH + CH * 0.7) + '" font-size="10" text-anchor="end">' + r + '</text>');
    out.push('<text class="tick" x="2" y="' + (TOP - 6) + '" font-size="10">' + d.row_axis + '\\' + d.col_axis + '</text>');
    if (m.cells > LABEL_CAP) {
      // Big tiles: the cells are one image (a canvas, one pixel per cell); highlighted cells get
      // overlay rects on demand (rectOf).
      out.push('<image class="cells" x="' + LEFT + '" y="' + TOP + '" width="' + d.cols * CW + '" height="' + d.rows * CH +
        '" preserveAspectRatio="none" style="image-rendering:pixelated" href="' + cellImage(m, p) + '"/>');
      out.push('<g class="labels"></g><g class="marks"></g>');
      return out.join('');
    }
    var text = [];
    for (var i = 0; i < m.cells; ++i) {
      var row = i % d.rows, col = (i - row) / d.rows, x = LEFT + col * CW, y = TOP + row * CH;
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
    return out.join('') + text.join('');
  }
  // Subgroup labels (sg0.1V0) are longer than thread labels (T1V0).
  function fontSize(p) {
    var sg = state.view === 'subgroup';
    return p.id === 'reorder' ? (sg ? 6.5 : 8) : sg ? 7.5 : 9;
  }
  // A cell's label: its (first) holder, "+" when there are more; the reorder panel: the destination.
  function labelSvg(m, p, i, h, fs) {
    var d = m.d, x = LEFT + Math.floor(i / d.rows) * CW, y = TOP + (i % d.rows) * CH;
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
    if (!m || m.cells <= LABEL_CAP) return;
    var b = state.box, d = m.d;
    var c0 = Math.max(0, Math.floor((b.x - LEFT) / CW) - 1), c1 = Math.min(d.cols - 1, Math.floor((b.x + b.w - LEFT) / CW) + 1);
    var r0 = Math.max(0, Math.floor((b.y - TOP) / CH) - 1), r1 = Math.min(d.rows - 1, Math.floor((b.y + b.h - TOP) / CH) + 1);
    var few = (c1 - c0 + 1) * (r1 - r0 + 1) <= 1600;
    PANELS.forEach(function (p) {
      var g = document.querySelector('#panel-' + p.id + ' g.labels');
      if (!g) return;
      if (!few) { g.textContent = ''; return; }
      var out = [], side = p.id === 'dst' ? m.dst : m.src;
      for (var c = c0; c <= c1; ++c)
        for (var r = r0; r <= r1; ++r) {
          var i = r + d.rows * c, k = side.start[i];
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
    var d = m.d, cv = document.createElement('canvas');
    cv.width = d.cols; cv.height = d.rows;
    var g = cv.getContext('2d'), last = null;
    for (var i = 0; i < m.cells; ++i) {
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
    PANELS.forEach(function (p) {
      var div = document.createElement('div');
      div.className = 'panel';
      div.id = 'panel-' + p.id;
      var h3 = document.createElement('h3');
      h3.textContent = p.title(d);
      div.appendChild(h3);
      var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.innerHTML = panelSvg(m, p);
      div.appendChild(svg);
      host.appendChild(div);
      state.rects[p.id] = m.cells > LABEL_CAP ? { overlay: svg.querySelector('g.marks'), made: new Map() } : svg.querySelectorAll('rect.c');
      wire(svg, p.id);
    });
    sizePanels();
    if (!state.box) state.box = initialBox();
    applyBox();
    restoreSelection();
  }

  // ---- highlighting --------------------------------------------------------------------------
  // The rect of cell i in a panel: the drawn cell, or (big tiles) an overlay made on demand.
  function rectOf(panel, i) {
    var rs = state.rects[panel];
    if (!rs.overlay) return rs[i];
    var r = rs.made.get(i);
    if (!r) {
      var d = state.m.d;
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
    PANELS.forEach(function (p) {
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
    document.querySelectorAll('#panels svg').forEach(function (s) { s.classList.add('dim'); });
  }
  var hovered = [];
  function hover(i) {
    if (hovered.length && +hovered[0].getAttribute('data-i') === i) return;
    hovered.forEach(function (r) { r.classList.remove('hov'); });
    hovered = [];
    dropOverlays();
    if (i === null) return;
    var m = state.m;
    PANELS.forEach(function (p) { var r = rectOf(p.id, i); r.classList.add('hov'); hovered.push(r); });
    var s = holders(m.src, i), t = holders(m.dst, i);
    $('info').textContent = crd(m, i) + '  ' + m.d.src_name + ': ' + hlist(m, s) + '  |  ' + m.d.dst_name + ': ' +
      hlist(m, t) + '  |  ' + (m.moved[i] ? (m.d.xe ? 'MISMATCH: the subgroup reorder must move it' : 'MISMATCH: it must move between threads') : 'same holder');
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
    PANELS.forEach(function (p) { mark(p.id, [i], 'sel'); });
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
  function selectThread(t) {
    clearMarks();
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
  function clearSelection() { clearMarks(); state.sel = null; $('selinfo').textContent = ''; }

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
    if (!labelQueued) { labelQueued = true; requestAnimationFrame(labelVisible); }
  }
  function zoom(f, cx, cy) {
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
  function fit() { state.box = Object.assign({}, state.full); applyBox(); }
  // Panels as tall as the tile's aspect asks, within limits.
  function sizePanels() {
    var f = state.full;
    document.querySelectorAll('#panels svg').forEach(function (s) {
      s.style.height = Math.round(Math.max(240, Math.min(640, s.clientWidth * f.h / f.w))) + 'px';
    });
  }
  // The whole tile when its cells are readable; else the top-left corner at a readable scale.
  function initialBox() {
    var svg = document.querySelector('#panels svg'), f = state.full;
    var w = svg.clientWidth || 400, h = svg.clientHeight || 400;
    if (Math.min(w / f.w, h / f.h) * CW >= READABLE_PX) return Object.assign({}, f);
    var k = CW / READABLE_PX;
    return { x: 0, y: 0, w: w * k, h: h * k };
  }
  function focusCell(i) {
    var d = state.m.d, b = state.box, x = LEFT + Math.floor(i / d.rows) * CW, y = TOP + (i % d.rows) * CH;
    if (x < b.x || x + CW > b.x + b.w || y < b.y || y + CH > b.y + b.h) {
      state.box = { x: x + CW / 2 - b.w / 2, y: y + CH / 2 - b.h / 2, w: b.w, h: b.h };
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
    var cellAt = function (e) {
      var q = svgPoint(svg, e), d = state.m.d;
      var c = Math.floor((q.x - LEFT) / CW), r = Math.floor((q.y - TOP) / CH);
      return r >= 0 && r < d.rows && c >= 0 && c < d.cols ? r + d.rows * c : null;
    };
    svg.addEventListener('pointermove', function (e) { if (!drag) hover(cellAt(e)); });
    svg.addEventListener('mouseleave', function () { hover(null); });
    svg.addEventListener('wheel', function (e) {
      e.preventDefault();
      var p = svgPoint(svg, e);
      zoom(e.deltaY < 0 ? 1.25 : 0.8, p.x, p.y);
    }, { passive: false });
    svg.addEventListener('pointerdown', function (e) {
      drag = { x: e.clientX, y: e.clientY, box: Object.assign({}, state.box), moved: false, cell: cellAt(e) };
    });
    svg.addEventListener('pointermove', function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
      if (!drag.moved) svg.setPointerCapture(e.pointerId);
      drag.moved = true;
      var k = Math.max(drag.box.w / svg.clientWidth, drag.box.h / svg.clientHeight);
      state.box = { x: drag.box.x - dx * k, y: drag.box.y - dy * k, w: drag.box.w, h: drag.box.h };
      applyBox();
    });
    svg.addEventListener('pointerup', function () {
      var dr = drag;
      drag = null;
      if (!dr || dr.moved) return;
      var i = dr.cell;
      if (i === null) return;
      var m = state.m, side = panel === 'dst' ? m.dst : m.src, hs = holders(side, +i);
      if (hs.length) { $('search').value = 'T' + hs[0][0]; selectThread(hs[0][0]); }
      else selectCell(+i);
    });
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
    state.sel = null;
    $('selinfo').textContent = '';
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
  window.tvlab = { ready: true, buildMs: performance.now() - t0, search: search, operand: function () { return state.op; } };
})();
