// The compact controls view for a phone: power, brightness, the effects grouped by family, the
// effect's sliders (named per effect from /json/fxdata, as WLED's own page does, each shown once
// with its value from the segment's `values`), its palette as swatches (/json/pal and the stops
// of /json/palx), presets and the live stream's status, over the page's own routes with its
// session cookie: /page/json/state, /page/json/info, /page/json/effects, /page/json/families,
// /page/presets.json, the WLED API's documents under the page's login, there with or without the
// API itself (--api). It polls the state every two seconds, so what the wheel or Home Assistant
// change shows here too.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const shown = { state: null, info: null, errors: 0 };
  window.pixelwheelControls = shown;
  let editing = false;  // a slider being dragged is not overwritten by a poll

  function say(text) { $('message').textContent = text; }

  async function getJSON(path) {
    const answer = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
    if (answer.status === 401) { location.href = '/login'; throw new Error('not logged in'); }
    if (!answer.ok) throw new Error(path + ': ' + answer.status);
    return answer.json();
  }

  async function post(change) {
    try {
      const answer = await fetch('/page/json/state', {
        method: 'POST', credentials: 'same-origin', cache: 'no-store',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.assign({ v: true }, change))
      });
      if (answer.status === 401) { location.href = '/login'; return; }
      if (!answer.ok) { say('Not applied (' + answer.status + ').'); return; }
      show(await answer.json());
      say('');
    } catch (error) {
      say('Not applied: ' + error.message);
    }
  }

  function segment(state) { return (state && state.seg && state.seg[0]) || {}; }

  const PARAMETERS = ['sx', 'ix', 'c1', 'c2', 'c3'];

  // fxdata's first field names the sliders (speed, intensity, custom 1-3; empty: unused), its
  // second the colours (empty: none), its third the palette ('!': it takes one). Each label
  // reads "Name: value" with the value the segment's `values` gives.
  function labelParameters(fx, values) {
    const data = (shown.fxdata && shown.fxdata[fx]) || '';
    const fields = data.split(';');
    const names = (fields[0] || '').split(',');
    PARAMETERS.forEach((key, index) => {
      const name = names[index] || '';
      $(key + '-row').hidden = shown.fxdata !== undefined && name === '';
      if (name) $(key + '-label').textContent = values && values[key] !== undefined ? name + ': ' + values[key] : name;
    });
    $('col-row').hidden = !(fields[1] || '');
    $('pal-row').hidden = !(fields[2] || '');
  }

  function hex(rgb) {
    return '#' + rgb.slice(0, 3).map((v) => Math.max(0, Math.min(255, v | 0)).toString(16).padStart(2, '0')).join('');
  }

  function show(state) {
    shown.state = state;
    const power = $('power');
    power.setAttribute('aria-pressed', state.on ? 'true' : 'false');
    power.textContent = state.on ? 'On' : 'Off';
    if (!editing) {
      $('bri').value = state.bri;
      const seg = segment(state);
      for (const key of PARAMETERS) if (seg[key] !== undefined) $(key).value = seg[key];
      if (seg.fx !== undefined) { $('fx').value = String(seg.fx); labelParameters(seg.fx, seg.values); }
      for (const swatch of $('palettes').children) {
        swatch.setAttribute('aria-pressed', Number(swatch.dataset.pal) === seg.pal ? 'true' : 'false');
      }
      if (seg.col && seg.col[0] && document.activeElement !== $('col')) $('col').value = hex(seg.col[0]);
    }
    const ps = state.ps;
    if (ps !== undefined && ps > 0 && document.activeElement !== $('preset')) $('preset').value = String(ps);
    showLive(state, shown.info);
  }

  function showLive(state, info) {
    let text = 'No stream: the menu and effects show.';
    if (state && state.live) {
      const from = info && info.lip ? ' from ' + info.lip : '';
      const kind = info && info.lm ? info.lm : 'a stream';
      text = 'Showing ' + kind + from + '.';
      if (state.lor) text += ' Live override ' + state.lor + '.';
    }
    $('live').textContent = text;
  }

  // The effects as the menu files them: a group per family (any effect in none last).
  async function loadEffects() {
    const names = await getJSON('/page/json/effects');
    try { shown.fxdata = await getJSON('/page/json/fxdata'); } catch (error) { /* generic names stay */ }
    let families = [];
    try { families = await getJSON('/page/json/families'); } catch (error) { /* one flat list */ }
    const select = $('fx');
    select.textContent = '';
    const placed = new Set();
    function option(index) {
      const item = document.createElement('option');
      item.value = String(index);
      item.textContent = names[index];
      placed.add(index);
      return item;
    }
    for (const family of families) {
      const group = document.createElement('optgroup');
      group.label = family.name;
      for (const index of family.fx) if (names[index] !== undefined) group.appendChild(option(index));
      select.appendChild(group);
    }
    names.forEach((name, index) => {
      if (name === 'RSVD' || name === '-' || placed.has(index)) return;
      select.appendChild(option(index));
    });
    shown.families = families;
  }

  // A palette's stops ([position, r, g, b] from /json/palx) as a CSS gradient; Default (the
  // effect's own colours, previewed as ["c1"]) as a neutral striped bar.
  function gradient(stops) {
    if (!Array.isArray(stops) || !stops.length || !Array.isArray(stops[0])) {
      return 'repeating-linear-gradient(45deg, #888 0 6px, #bbb 6px 12px)';
    }
    return 'linear-gradient(to right, ' + stops.map((s) => 'rgb(' + s[1] + ',' + s[2] + ',' + s[3] + ') ' + (s[0] / 2.55).toFixed(1) + '%').join(', ') + ')';
  }

  async function loadPalettes() {
    const names = await getJSON('/page/json/pal');
    const stops = {};
    for (let page = 0, last = 0; page <= last && page < 64; page++) {
      const answer = await getJSON('/page/json/palx?page=' + page);
      last = answer.m;
      Object.assign(stops, answer.p);
    }
    const box = $('palettes');
    box.textContent = '';
    names.forEach((name, index) => {
      const swatch = document.createElement('button');
      swatch.type = 'button';
      swatch.className = 'swatch';
      swatch.dataset.pal = String(index);
      swatch.setAttribute('aria-pressed', 'false');
      const bar = document.createElement('span');
      bar.className = 'bar';
      bar.style.background = gradient(stops[String(index)]);
      const label = document.createElement('span');
      label.textContent = name;
      swatch.append(bar, label);
      swatch.addEventListener('click', () => post({ seg: [{ id: 0, pal: index }] }));
      box.appendChild(swatch);
    });
    shown.palettes = names;
  }

  async function loadPresets() {
    const presets = await getJSON('/page/presets.json');
    const select = $('preset');
    select.textContent = '';
    for (const id of Object.keys(presets).sort((a, b) => a - b)) {
      const preset = presets[id];
      if (id === '0' || !preset || typeof preset !== 'object' || !preset.n) continue;
      const option = document.createElement('option');
      option.value = id;
      option.textContent = preset.n;
      select.appendChild(option);
    }
    shown.presets = presets;
  }

  function freeId() {
    const used = new Set(Object.keys(shown.presets || {}).map(Number));
    for (let id = 1; id <= 250; id++) if (!used.has(id)) return id;
    return null;
  }

  async function poll() {
    try {
      shown.info = await getJSON('/page/json/info');
      show(await getJSON('/page/json/state'));
      shown.errors = 0;
    } catch (error) {
      shown.errors += 1;
    }
  }

  $('power').addEventListener('click', () => post({ on: 't' }));
  $('bri').addEventListener('input', () => { editing = true; });
  $('bri').addEventListener('change', () => { editing = false; post({ bri: Number($('bri').value) }); });
  $('fx').addEventListener('change', () => post({ seg: [{ id: 0, fx: Number($('fx').value) }] }));
  $('col').addEventListener('change', () => {
    const value = $('col').value;
    const rgb = [1, 3, 5].map((at) => parseInt(value.slice(at, at + 2), 16));
    post({ seg: [{ id: 0, col: [rgb] }] });
  });
  for (const key of PARAMETERS) {
    $(key).addEventListener('input', () => { editing = true; });
    $(key).addEventListener('change', () => {
      editing = false;
      const change = { id: 0 };
      change[key] = Number($(key).value);
      post({ seg: [change] });
    });
  }
  $('preset-load').addEventListener('click', () => {
    const id = Number($('preset').value);
    if (id > 0) post({ ps: id });
  });
  $('preset-save').addEventListener('click', async () => {
    const name = $('preset-name').value.trim();
    const id = freeId();
    if (!name) { say('Give the preset a name.'); return; }
    if (id === null) { say('No free preset slot.'); return; }
    await post({ psave: id, n: name });
    try { await loadPresets(); $('preset').value = String(id); } catch (error) { say('Presets: ' + error.message); }
  });

  (async function start() {
    try { await loadEffects(); } catch (error) { return; }
    try { await loadPalettes(); } catch (error) { $('pal-row').hidden = true; }
    try { await loadPresets(); } catch (error) { /* presets not served: the list stays empty */ }
    await poll();
    setInterval(poll, 2000);
  })();
})();
