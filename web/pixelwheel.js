// PixelWheel web page: shows the LED panel the server streams over a WebSocket and sends the
// click wheel's input back. The server owns all menu logic; this page only reports angles,
// buttons and keys, and draws whatever frames arrive.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const screenEl = $('screen'), canvas = $('panel'), wheelEl = $('wheel'), centreEl = $('centre');
  const statusEl = $('status'), muteEl = $('mute'), recordEl = $('record');

  // Ops of page → server messages, and button ids, as the server's protocol defines them.
  const OP_DRAG = 1, OP_DRAG_END = 2, OP_DOWN = 3, OP_UP = 4, OP_ROTATE = 5, OP_RECORD = 6;
  const CENTRE = 0, MENU = 1, PLAY_PAUSE = 2, NEXT = 3, PREVIOUS = 4;
  const buttonEls = [centreEl, $('label-menu'), $('label-playpause'), $('label-next'), $('label-previous')];

  // Hooks for the automated browser test (and handy in the console).
  const pw = window.pixelwheel = {
    frames: 0, width: 0, height: 0, frame: null, frameNumber: 0, clicks: 0,
    status: null, connected: false, sent: 0,
    wheel, centreButton, ledCentre,
  };

  // ---------------------------------------------------------------- panel drawing

  const BG = 7, UNLIT = 24;      // grey levels: screen background, an LED that is off
  const RADIUS = 0.42;           // LED radius as a fraction of the pitch
  const ctx = canvas.getContext('2d', { alpha: false });
  let geometry = null;           // { cols, rows, pitch, dpr } of the canvas as laid out
  let mask = null;               // coverage of one LED cell, pitch × pitch, 0…1
  let image = null;              // reused ImageData the size of the canvas
  let hintSize = [64, 32];       // shape to show before the first frame (from the status)

  // Sizes the canvas so each LED is a whole number of device pixels and the canvas keeps the
  // panel's aspect; places it on device-pixel boundaries so nothing gets resampled (that is
  // what keeps each LED's centre pixel exactly its colour). Returns whether anything changed.
  function layoutPanel() {
    const cols = pw.width || hintSize[0], rows = pw.height || hintSize[1];
    const dpr = window.devicePixelRatio || 1;
    const box = screenEl.getBoundingClientRect();
    const inset = box.width * 0.03;   // keep LEDs clear of the glass's rounded corners
    const availW = (box.width - 2 * inset) * dpr, availH = (box.height - 2 * inset) * dpr;
    const pitch = Math.max(1, Math.floor(Math.min(availW / cols, availH / rows)));
    const w = cols * pitch, h = rows * pitch;
    const left = Math.round((box.left + (box.width - w / dpr) / 2) * dpr) / dpr - box.left;
    const top = Math.round((box.top + (box.height - h / dpr) / 2) * dpr) / dpr - box.top;
    canvas.style.width = `${w / dpr}px`;
    canvas.style.height = `${h / dpr}px`;
    canvas.style.left = `${left}px`;
    canvas.style.top = `${top}px`;
    const g = geometry;
    if (g && g.cols === cols && g.rows === rows && g.pitch === pitch && g.dpr === dpr) return false;
    canvas.width = w;
    canvas.height = h;
    image = ctx.createImageData(w, h);
    image.data.fill(255);             // opaque; colour channels are written on every draw
    if (!g || g.pitch !== pitch) mask = makeMask(pitch);
    geometry = { cols, rows, pitch, dpr };
    return true;
  }

  // Antialiased disc coverage per device pixel, by 4×4 supersampling. Pixels fully inside
  // the disc get exactly 1, so the LED's middle is its exact colour.
  function makeMask(pitch) {
    const m = new Float32Array(pitch * pitch);
    if (pitch <= 2) return m.fill(1); // too small for a visible circle: square LEDs
    const c = pitch / 2, r2 = (RADIUS * pitch) ** 2, S = 4;
    for (let y = 0; y < pitch; y++) {
      for (let x = 0; x < pitch; x++) {
        let hits = 0;
        for (let sy = 0; sy < S; sy++) {
          for (let sx = 0; sx < S; sx++) {
            const dx = x + (sx + 0.5) / S - c, dy = y + (sy + 0.5) / S - c;
            if (dx * dx + dy * dy <= r2) hits++;
          }
        }
        m[y * pitch + x] = hits / (S * S);
      }
    }
    return m;
  }

  // Writes every device pixel of every LED cell into the ImageData; cheaper and more exact
  // than thousands of arc() calls at 128×64.
  function draw() {
    layoutPanel();
    const { cols, rows, pitch } = geometry;
    const data = image.data, stride = cols * pitch * 4, rgb = pw.frame;
    for (let ly = 0; ly < rows; ly++) {
      for (let lx = 0; lx < cols; lx++) {
        const i = (ly * cols + lx) * 3;
        let r = rgb ? rgb[i] : 0, g = rgb ? rgb[i + 1] : 0, b = rgb ? rgb[i + 2] : 0;
        if (r === 0 && g === 0 && b === 0) r = g = b = UNLIT;
        const cell = ly * pitch * stride + lx * pitch * 4;
        for (let py = 0; py < pitch; py++) {
          let o = cell + py * stride;
          for (let px = 0; px < pitch; px++, o += 4) {
            const a = mask[py * pitch + px];
            data[o] = BG + (r - BG) * a;
            data[o + 1] = BG + (g - BG) * a;
            data[o + 2] = BG + (b - BG) * a;
          }
        }
      }
    }
    ctx.putImageData(image, 0, 0);
  }

  let drawQueued = false;
  function requestDraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; draw(); });
  }

  new ResizeObserver(requestDraw).observe(screenEl);
  // Moving without resizing (or a zoom that changes devicePixelRatio) changes the snapping.
  window.addEventListener('resize', requestDraw);

  // ---------------------------------------------------------------- test/geometry hooks

  function wheel() {
    const r = wheelEl.getBoundingClientRect();
    return { cx: r.left + r.width / 2, cy: r.top + r.height / 2, r: r.width / 2 };
  }

  function centreButton() {
    const r = centreEl.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function ledCentre(x, y) {
    if (layoutPanel()) draw();        // the panel may have changed shape since the last draw
    const r = canvas.getBoundingClientRect(), p = geometry.pitch / geometry.dpr;
    return { x: r.left + (x + 0.5) * p, y: r.top + (y + 0.5) * p };
  }

  // ---------------------------------------------------------------- connection

  let ws = null, backoff = 500, retryTimer = 0, everClosed = false;
  let lastClicks = null;             // click counter at the previous frame of this connection

  function connect() {
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/page/ws';
    let sock;
    try { sock = new WebSocket(url); } catch { retry(); return; }
    ws = sock;
    sock.binaryType = 'arraybuffer';
    sock.onopen = () => {
      pw.connected = true;
      backoff = 500;
      lastClicks = null;             // a restarted server counts from zero again
      renderStatus();
    };
    sock.onmessage = (e) => {
      if (typeof e.data === 'string') onText(e.data); else onFrame(e.data);
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      pw.connected = false;
      everClosed = true;
      forgetHeld();
      renderStatus();
      retry();
    };
  }

  function retry() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  }

  function send(bytes) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(Uint8Array.from(bytes));
    pw.sent++;
    return true;
  }

  function onFrame(buf) {
    if (!(buf instanceof ArrayBuffer) || buf.byteLength < 14) return;
    const v = new DataView(buf);
    if (v.getUint8(0) !== 0x46 || v.getUint8(1) !== 1) return;
    const width = v.getUint16(2), height = v.getUint16(4);
    if (width === 0 || height === 0 || buf.byteLength !== 14 + width * height * 3) return;
    const clicks = v.getUint32(10);
    Object.assign(pw, { width, height, frameNumber: v.getUint32(6), clicks, frame: new Uint8Array(buf, 14) });
    if (lastClicks !== null && clicks > lastClicks) playClicks(Math.min(clicks - lastClicks, 4));
    lastClicks = clicks;
    // Drawn at once, not on the next animation frame, so that when `frames` counts a frame
    // the canvas already shows it; a hidden tab catches up when it becomes visible.
    if (document.hidden) requestDraw(); else draw();
    pw.frames++;
  }

  let errorText = '', errorTimer = 0;

  function onText(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'status') {
      pw.status = msg;
      const m = /^(\d+)\s*[×x]\s*(\d+)/.exec(String(msg.panel || ''));
      if (m && !pw.width) { hintSize = [+m[1], +m[2]]; requestDraw(); }
      applyTheme();
      renderStatus();
    } else if (msg.type === 'recorded' && typeof msg.url === 'string') {
      const a = document.createElement('a');
      a.href = msg.url;
      a.download = msg.name || '';
      a.hidden = true;
      document.body.append(a);
      a.click();
      a.remove();
    } else if (msg.type === 'error') {
      errorText = String(msg.message || 'error');
      clearTimeout(errorTimer);
      errorTimer = setTimeout(() => { errorText = ''; renderStatus(); }, 8000);
      renderStatus();
    }
  }

  function renderStatus() {
    const s = pw.status, parts = [];
    if (s && s.panel) parts.push(String(s.panel));
    else if (pw.width) parts.push(`${pw.width}×${pw.height}`);
    if (pw.connected && s) {
      // fps and viewers are only worth showing while they are live.
      if (typeof s.fps === 'number') parts.push(`${s.fps.toFixed(1)} fps`);
      if (typeof s.viewers === 'number') parts.push(`${s.viewers} viewer${s.viewers === 1 ? '' : 's'}`);
      if (s.recording) parts.push('recording');
    }
    if (!pw.connected) parts.push(everClosed ? 'disconnected — retrying' : 'connecting…');
    if (errorText) parts.push(errorText);
    statusEl.textContent = parts.join(' · ');
    statusEl.classList.toggle('problem', (everClosed && !pw.connected) || errorText !== '');
    const recording = !!(pw.connected && s && s.recording);
    recordEl.classList.toggle('on', recording);
    recordEl.textContent = recording ? 'Recording' : 'Record';
    recordEl.setAttribute('aria-pressed', String(recording));
  }

  // ---------------------------------------------------------------- theme

  // The shell follows the app's Theme once the server has said it; the system's until then.
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  function applyTheme() {
    const theme = pw.status && pw.status.theme;
    const dark = theme === 'dark' || (theme !== 'light' && darkQuery.matches);
    document.body.classList.toggle('shell-dark', dark);
    document.body.classList.toggle('shell-light', !dark);
  }
  darkQuery.addEventListener('change', applyTheme);

  // ---------------------------------------------------------------- buttons

  // Each button may be held by several sources at once (a finger and a key); the server hears
  // one down when the first source presses and one up when the last lets go.
  const held = buttonEls.map(() => new Set());

  function buttonDown(id, source) {
    if (held[id].has(source)) return;
    held[id].add(source);
    if (held[id].size === 1) { send([OP_DOWN, id]); buttonEls[id].classList.add('pressed'); }
  }

  function buttonUp(id, source) {
    if (!held[id].delete(source) || held[id].size > 0) return;
    send([OP_UP, id]);
    buttonEls[id].classList.remove('pressed');
  }

  // A button left down would look held to the server (a long centre hold turns the panel
  // off), so anything the page can no longer see being released is released now.
  function releaseAll() {
    held.forEach((sources, id) => { for (const s of [...sources]) buttonUp(id, s); });
  }

  // After a disconnect the server has already dropped this viewer's buttons.
  function forgetHeld() {
    held.forEach((sources, id) => { sources.clear(); buttonEls[id].classList.remove('pressed'); });
  }

  function flash(id) {
    const el = buttonEls[id];
    el.classList.add('pressed');
    setTimeout(() => { if (held[id].size === 0) el.classList.remove('pressed'); }, 150);
  }

  window.addEventListener('blur', releaseAll);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) releaseAll(); else requestDraw();
  });

  // ---------------------------------------------------------------- click wheel

  const TAP_SLOP = 8;                  // CSS px a tap may wander
  const SAMPLE_INTERVAL = 1000 / 120;  // ms; the server refuses more than 200 messages/s
  let drag = null;

  function angleU16(x, y) {
    const turns = ((Math.atan2(y - drag.cy, x - drag.cx) / (2 * Math.PI)) % 1 + 1) % 1;
    return Math.round(turns * 65536) & 0xffff;
  }

  function sendSample(u16) {
    send([OP_DRAG, u16 >> 8, u16 & 0xff]);
    drag.lastSent = performance.now();
    drag.lastAngle = u16;
    drag.pending = null;
  }

  // Coalesces fast pointermoves: the newest angle goes out as soon as the rate allows. The
  // server ignores jumps of 20° or more, so samples are never dropped for long.
  function queueSample(u16) {
    if (u16 === drag.lastAngle && drag.pending === null) return;
    const wait = drag.lastSent + SAMPLE_INTERVAL - performance.now();
    if (wait <= 0) { sendSample(u16); return; }
    drag.pending = u16;
    if (!drag.timer) {
      drag.timer = setTimeout(() => {
        drag.timer = 0;
        if (drag && drag.pending !== null) sendSample(drag.pending);
      }, wait);
    }
  }

  wheelEl.addEventListener('pointerdown', (e) => {
    if (drag || e.button !== 0) return;
    const g = wheel(), dx = e.clientX - g.cx, dy = e.clientY - g.cy;
    if (Math.hypot(dx, dy) > g.r) return;
    e.preventDefault();
    wheelEl.setPointerCapture(e.pointerId);
    drag = { id: e.pointerId, cx: g.cx, cy: g.cy, x0: e.clientX, y0: e.clientY, moved: 0,
             lastSent: 0, lastAngle: -1, pending: null, timer: 0 };
    wheelEl.classList.add('dragging');
    // The server takes the first sample of a drag as its starting point.
    sendSample(angleU16(e.clientX, e.clientY));
  });

  wheelEl.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag.moved = Math.max(drag.moved, Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0));
    queueSample(angleU16(e.clientX, e.clientY));
  });

  function endDrag(e, lifted) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    clearTimeout(d.timer);
    if (d.pending !== null) sendSample(d.pending);  // the final position counts
    drag = null;
    wheelEl.classList.remove('dragging');
    send([OP_DRAG_END]);
    if (lifted && d.moved < TAP_SLOP) {
      // A tap presses the label in that quarter of the ring.
      const deg = Math.atan2(d.y0 - d.cy, d.x0 - d.cx) * 180 / Math.PI;
      const id = deg > -135 && deg <= -45 ? MENU : deg > -45 && deg <= 45 ? NEXT
               : deg > 45 && deg <= 135 ? PLAY_PAUSE : PREVIOUS;
      send([OP_DOWN, id]);
      send([OP_UP, id]);
      flash(id);
    }
  }

  wheelEl.addEventListener('pointerup', (e) => endDrag(e, true));
  wheelEl.addEventListener('pointercancel', (e) => endDrag(e, false));
  wheelEl.addEventListener('lostpointercapture', (e) => endDrag(e, false));

  // The centre button is pressed and released like a real one, so holding it works.
  let centrePointer = null;
  centreEl.addEventListener('pointerdown', (e) => {
    e.stopPropagation();               // a press on the centre never starts a drag
    if (centrePointer !== null || e.button !== 0) return;
    e.preventDefault();
    centreEl.setPointerCapture(e.pointerId);
    centrePointer = e.pointerId;
    buttonDown(CENTRE, 'pointer');
  });
  const centreRelease = (e) => {
    if (e.pointerId !== centrePointer) return;
    centrePointer = null;
    buttonUp(CENTRE, 'pointer');
  };
  centreEl.addEventListener('pointerup', centreRelease);
  centreEl.addEventListener('pointercancel', centreRelease);
  centreEl.addEventListener('lostpointercapture', centreRelease);
  // Long presses on touch screens would otherwise open a context menu mid-hold.
  wheelEl.addEventListener('contextmenu', (e) => e.preventDefault());

  // ---------------------------------------------------------------- keyboard

  // As in the terminal simulator.
  const ROTATE_KEYS = new Map([['ArrowRight', 1], ['ArrowDown', 1], ['j', 1], ['l', 1],
                               ['ArrowLeft', -1], ['ArrowUp', -1], ['k', -1], ['h', -1]]);
  const BUTTON_KEYS = new Map([[' ', CENTRE], ['Enter', CENTRE], ['Escape', MENU], ['m', MENU],
                               ['p', PLAY_PAUSE], ['n', NEXT], ['b', PREVIOUS]]);
  const keyName = (e) => (e.key.length === 1 ? e.key.toLowerCase() : e.key);

  // Space and Enter belong to a focused control (mute, record) rather than to the wheel.
  const controlFocused = (k) =>
    (k === ' ' || k === 'Enter') && document.activeElement instanceof HTMLButtonElement;

  window.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
    const k = keyName(e);
    if (ROTATE_KEYS.has(k)) {
      e.preventDefault();
      send([OP_ROTATE, ROTATE_KEYS.get(k) & 0xff]);  // every auto-repeat is another detent
    } else if (BUTTON_KEYS.has(k) && !controlFocused(k)) {
      e.preventDefault();
      if (!e.repeat) buttonDown(BUTTON_KEYS.get(k), `key ${k}`);
    }
  });

  window.addEventListener('keyup', (e) => {
    const k = keyName(e);
    if (!BUTTON_KEYS.has(k)) return;
    const id = BUTTON_KEYS.get(k);
    if (held[id].has(`key ${k}`)) { e.preventDefault(); buttonUp(id, `key ${k}`); }
  });

  // ---------------------------------------------------------------- sound

  const MUTE_KEY = 'pixelwheel.muted';
  let muted = false;
  try { muted = localStorage.getItem(MUTE_KEY) === '1'; } catch { /* storage may be off */ }
  let audio = null, clickBuffer = null;

  // Browsers only let audio start from a user gesture, so the context is made (or resumed)
  // on the first one.
  function wakeAudio() {
    const AudioCtx = window.AudioContext || window.webkitAudioContext;
    if (!audio && AudioCtx) {
      audio = new AudioCtx();
      clickBuffer = makeClick(audio);
    }
    if (audio && audio.state === 'suspended') audio.resume();
  }
  window.addEventListener('pointerdown', wakeAudio, true);
  window.addEventListener('keydown', wakeAudio, true);

  // A ~5 ms tick: a square wave and a little noise under a fast exponential decay, like the
  // piezo of the real thing.
  function makeClick(ac) {
    const n = Math.ceil(ac.sampleRate * 0.005);
    const buf = ac.createBuffer(1, n, ac.sampleRate), out = buf.getChannelData(0);
    for (let i = 0; i < n; i++) {
      const t = i / ac.sampleRate;
      const square = Math.sin(2 * Math.PI * 2200 * t) >= 0 ? 1 : -1;
      out[i] = (0.6 * square + 0.4 * (Math.random() * 2 - 1)) * Math.exp(-t / 0.0011) * 0.35;
    }
    return buf;
  }

  function playClicks(count) {
    if (muted || !audio || audio.state !== 'running') return;
    for (let i = 0; i < count; i++) {
      const src = audio.createBufferSource();
      src.buffer = clickBuffer;
      src.connect(audio.destination);
      src.start(audio.currentTime + i * 0.008);  // spread over about one frame
    }
  }

  function renderMute() {
    muteEl.textContent = muted ? 'Muted' : 'Sound on';
    muteEl.setAttribute('aria-pressed', String(muted));
  }

  muteEl.addEventListener('click', (e) => {
    muted = !muted;
    try { localStorage.setItem(MUTE_KEY, muted ? '1' : '0'); } catch { /* not saved, fine */ }
    renderMute();
    if (e.detail > 0) muteEl.blur();   // after a mouse click, Space is the wheel's again
  });

  recordEl.addEventListener('click', (e) => {
    send([OP_RECORD]);
    if (e.detail > 0) recordEl.blur();
  });

  // ---------------------------------------------------------------- start

  applyTheme();
  renderMute();
  renderStatus();
  draw();
  connect();
})();
