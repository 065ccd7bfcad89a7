// The live inspector: hold a device open, see its screen with the scene's boxes, tap elements
// (each tap is a task, recorded like any other, a sensitive one asking Allow/Refuse), and build a
// flow draft from them that runs on the same device from its current screen, or is saved as YAML.

import { h, fill, s, api, askOrigin, badge, placeTip, locatorLine, INTERACTIVE } from './common.js';

const AUTO_REFRESH_MS = 3000;
const MODES = [
  { id: 'tap', label: 'Tap', hint: 'Clicking an element taps it on the device (a task in the list).' },
  { id: 'tap-add', label: 'Tap and add', hint: 'Clicking an element taps it and adds the step to the draft: walk through the app to record a flow.' },
  { id: 'add', label: 'Add to draft', hint: 'Clicking an element only adds its step to the draft; the device is not touched.' },
];
const NEW_DRAFT = 'name: Inspector draft\nsteps:\n';

export function inspectorPage() {
  let session = null;
  let capture = null;
  let mode = 'tap';
  let watching = null; // { id, timer, confirmation }
  let autoTimer = null;
  let disposed = false;

  const error = h('div', { class: 'error-box', id: 'insp-error', hidden: true });
  const device = h('select', { id: 'insp-device', onchange: () => showDevice() });
  const deviceUrl = h('input', { type: 'url', id: 'insp-url', placeholder: 'https://example.com', hidden: true });
  const deviceDetail = h('div', { class: 'hint', id: 'insp-device-detail', text: 'Looking for devices…' });
  let listed = [];
  const chosen = () => listed.find((d) => d.selector === device.value);
  function showDevice() {
    const d = chosen();
    deviceUrl.hidden = !(d && d.takes_url);
    deviceDetail.textContent = d ? d.state + ' · ' + d.detail : 'No device is ready.';
  }
  const connectButton = h('button', { type: 'button', class: 'btn primary', id: 'insp-connect', text: 'Connect', onclick: () => connect() });
  const connectPanel = h('div', { class: 'panel insp-connect' },
    h('div', { class: 'field' }, h('label', { for: 'insp-device', text: 'Device' }), device, deviceUrl, deviceDetail),
    h('div', { class: 'row-actions' }, connectButton),
    h('div', { class: 'hint', text: 'The console holds the device open for you until you disconnect (or 10 minutes without use); tasks cannot start on it meanwhile.' }));

  const deviceName = h('span', { class: 'mono', id: 'insp-session-device' });
  const auto = h('input', { type: 'checkbox', id: 'insp-auto', onchange: () => setAuto(auto.checked) });
  const seg = h('div', { class: 'segmented', id: 'insp-modes' });
  const modeHint = h('div', { class: 'hint', id: 'insp-mode-hint' });
  for (const m of MODES) {
    seg.append(h('label', { 'data-mode': m.id, id: 'insp-mode-' + m.id, text: m.label, onclick: () => setMode(m.id) }));
  }
  const toolbar = h('div', { class: 'panel insp-toolbar', id: 'insp-toolbar', hidden: true },
    h('div', { class: 'row-actions' },
      h('span', {}, 'Holding ', deviceName),
      h('button', { type: 'button', class: 'btn small', id: 'insp-refresh', text: 'Refresh', onclick: () => refresh() }),
      h('label', { class: 'insp-auto', for: 'insp-auto' }, auto, ' auto-refresh every 3 s'),
      h('button', { type: 'button', class: 'btn small', id: 'insp-back', text: 'Back key', title: 'Press the device\'s back key (a task)', onclick: () => pressKey('back') }),
      h('span', { class: 'spacer' }),
      h('button', { type: 'button', class: 'btn small', id: 'insp-disconnect', text: 'Disconnect', onclick: () => disconnect() })),
    h('div', { class: 'row-actions' }, h('span', { class: 'label', text: 'Clicking an element:' }), seg),
    modeHint);

  const status = h('div', { class: 'insp-status', id: 'insp-status' });
  const confirmBox = h('div', { class: 'confirm-box', id: 'insp-confirm', hidden: true });

  const frame = h('div', { class: 'insp-screen', id: 'insp-screen' });
  const tip = h('div', { class: 'insp-tip', id: 'insp-tip', hidden: true });
  const captureInfo = h('div', { class: 'hint', id: 'insp-capture' });
  const screenPanel = h('div', { class: 'panel insp-screen-panel', hidden: true, id: 'insp-screen-panel' }, frame, captureInfo);

  const draft = h('textarea', { id: 'insp-draft', class: 'insp-draft', spellcheck: 'false', placeholder: NEW_DRAFT + '  - tap: { text: "…" }' });
  const flowName = h('input', { type: 'text', id: 'insp-name', value: 'inspector-draft', maxlength: '64', pattern: '[A-Za-z0-9._-]{1,64}' });
  const overwrite = h('input', { type: 'checkbox', id: 'insp-overwrite' });
  const draftMsg = h('div', { class: 'hint', id: 'insp-draft-msg' });
  const runButton = h('button', { type: 'button', class: 'btn primary', id: 'insp-run', text: 'Run draft', onclick: () => runDraft() });
  const draftPanel = h('div', { class: 'panel insp-draft-panel', id: 'insp-draft-panel' },
    h('div', { class: 'field' }, h('label', { for: 'insp-draft', text: 'Flow draft (YAML)' }), draft,
      h('div', { class: 'hint', text: 'Edit freely. Run draft runs it on the held device from the screen it is on now.' })),
    h('div', { class: 'row-actions' }, runButton,
      h('button', { type: 'button', class: 'btn', id: 'insp-download', text: 'Download', onclick: () => download() }),
      h('button', { type: 'button', class: 'btn small', id: 'insp-clear', text: 'Clear', onclick: () => { draft.value = ''; draftMsg.textContent = ''; } })),
    h('div', { class: 'field' }, h('label', { for: 'insp-name', text: 'Save as $APEX_HOME/flows/NAME.yaml' }),
      h('div', { class: 'row-actions' }, flowName,
        h('button', { type: 'button', class: 'btn', id: 'insp-save', text: 'Save', onclick: () => save() }),
        h('label', { class: 'insp-auto', for: 'insp-overwrite' }, overwrite, ' replace an existing file'))),
    draftMsg);

  const node = h('section', { class: 'inspector' },
    h('div', { class: 'page-head' }, h('h1', { text: 'Inspector' })),
    connectPanel, toolbar, error, status, confirmBox,
    h('div', { class: 'insp-layout' }, screenPanel, draftPanel));

  function fail(e) {
    error.textContent = e.message;
    error.hidden = false;
  }
  function clearError() { error.hidden = true; }

  function setMode(m) {
    mode = m;
    seg.querySelectorAll('label').forEach((l) => l.classList.toggle('on', l.dataset.mode === m));
    modeHint.textContent = MODES.find((x) => x.id === m).hint;
  }
  setMode('tap');

  function setSession(value) {
    session = value;
    connectPanel.hidden = !!session;
    toolbar.hidden = !session;
    screenPanel.hidden = !session;
    runButton.disabled = !session;
    if (session) deviceName.textContent = session.device;
    else {
      capture = null;
      frame.replaceChildren();
      setAuto(false);
    }
  }
  setSession(null);

  async function connect(allowOrigin) {
    clearError();
    const picked = chosen();
    if (!picked) { fail(new Error('Pick a ready device first.')); return; }
    let selector = device.value;
    if (picked.takes_url) {
      if (!deviceUrl.value.trim()) { fail(new Error('Give the URL of the page to open.')); return; }
      selector += ':' + deviceUrl.value.trim();
    }
    connectButton.disabled = true;
    try {
      const body = { device: selector };
      if (allowOrigin) body.allow_origin = allowOrigin;
      setSession(await api('/api/inspector', { method: 'POST', body }));
      await refresh();
    } catch (e) {
      if (!askOrigin(error, e, 'insp-', (origin) => connect(origin))) fail(e);
    } finally {
      connectButton.disabled = false;
    }
  }

  async function disconnect() {
    clearError();
    try {
      await api('/api/inspector/' + session.id, { method: 'DELETE' });
      setSession(null);
      status.replaceChildren();
    } catch (e) {
      fail(e);
    }
  }

  async function refresh() {
    if (!session || watching) return;
    try {
      capture = await api('/api/inspector/' + session.id + '/screen');
      clearError();
      render();
    } catch (e) {
      if (e.status === 404) setSession(null);
      fail(e);
    }
  }

  function setAuto(on) {
    auto.checked = on;
    clearInterval(autoTimer);
    autoTimer = on ? setInterval(() => refresh(), AUTO_REFRESH_MS) : null;
  }

  function render() {
    const scene = capture;
    const children = [];
    let img = null;
    if (scene.screenshot) {
      img = h('img', { src: scene.screenshot, alt: 'The screen of ' + session.device, id: 'insp-shot' });
      children.push(img);
    } else {
      const blank = s('svg', { viewBox: '0 0 ' + scene.width + ' ' + scene.height, class: 'insp-blank' });
      blank.append(s('rect', { width: scene.width, height: scene.height, fill: '#1f2430' }));
      children.push(blank);
    }
    const layer = s('svg', { viewBox: '0 0 ' + scene.width + ' ' + scene.height, preserveAspectRatio: 'none', id: 'insp-boxes' });
    const area = (e) => (e.bounds.right - e.bounds.left) * (e.bounds.bottom - e.bounds.top);
    const interactive = (e) => (e.flags || []).some((f) => INTERACTIVE.has(f));
    // Passive texts below, what can be acted on above; smaller above larger, so a row's switch
    // gets the click, not the row.
    const elements = scene.elements
      .filter((e) => e.bounds && e.bounds.right > e.bounds.left && e.bounds.bottom > e.bounds.top)
      .sort((a, b) => interactive(a) - interactive(b) || area(b) - area(a));
    for (const e of elements) {
      const rect = s('rect', {
        class: 'insp-box ' + e.source + (interactive(e) ? '' : ' passive') + ((e.flags || []).includes('CHECKED') ? ' checked' : ''),
        x: e.bounds.left, y: e.bounds.top,
        width: e.bounds.right - e.bounds.left, height: e.bounds.bottom - e.bounds.top,
        rx: 4, 'data-id': e.id, 'data-rid': e.resource_id || e.resourceId || '',
        'data-checked': (e.flags || []).includes('CHECKED') ? 'true' : 'false',
      });
      rect.addEventListener('mouseenter', () => showTip(e));
      rect.addEventListener('mousemove', (ev) => placeTip(tip, frame, ev));
      rect.addEventListener('mouseleave', () => { tip.hidden = true; });
      rect.addEventListener('click', () => act(e));
      layer.append(rect);
    }
    children.push(layer, tip);
    // The screen shown stays until the new screenshot has loaded, so the page does not jump and
    // the boxes are never over an image of another screen.
    const show = () => {
      if (capture !== scene) return;
      tip.hidden = true;
      fill(frame, children);
      frame.dataset.capture = String(scene.capture);
    };
    if (img && !img.complete) {
      img.addEventListener('load', show, { once: true });
      img.addEventListener('error', show, { once: true });
    } else {
      show();
    }
    captureInfo.textContent = 'Read ' + new Date(scene.captured_at).toLocaleTimeString() + ' · ' + scene.elements.length + ' elements · hover for details, click to ' + MODES.find((x) => x.id === mode).label.toLowerCase();
  }

  function showTip(e) {
    const b = e.bounds;
    const rid = e.resource_id || e.resourceId;
    fill(tip,
      h('div', { class: 'tip-id', text: e.id }),
      h('div', { class: 'tip-text', text: e.text ? '“' + e.text + '”' : '(no text)' }),
      rid ? h('div', { class: 'tip-rid', text: 'resource id: ' + rid }) : null,
      h('div', { class: 'tip-step', text: locatorLine(e.locator, b) + (e.locator ? '' : '  (no unique locator: by position)') }),
      h('div', { class: 'tip-meta', text: [e.type, e.source, (e.flags || []).join(' ').toLowerCase(), '[' + b.left + ',' + b.top + '][' + b.right + ',' + b.bottom + ']'].filter(Boolean).join(' · ') }));
    tip.hidden = false;
  }

  function act(e) {
    if (watching) { fail(new Error('Wait for the running task to end.')); return; }
    if (mode !== 'tap') addStep(locatorLine(e.locator, e.bounds));
    if (mode !== 'add') startTask('/api/inspector/' + session.id + '/tap', { element: e.id });
  }

  function pressKey(key) {
    if (watching) { fail(new Error('Wait for the running task to end.')); return; }
    startTask('/api/inspector/' + session.id + '/key', { key });
  }

  function addStep(step) {
    let text = draft.value;
    if (!text.trim()) text = NEW_DRAFT;
    if (!text.endsWith('\n')) text += '\n';
    draft.value = text + '  - ' + step + '\n';
    draftMsg.textContent = 'Added: ' + step;
  }

  async function runDraft() {
    if (!session) return;
    draftMsg.textContent = '';
    await startTask('/api/inspector/' + session.id + '/run', { flow: draft.value }, true);
  }

  async function startTask(path, body, fromDraft) {
    clearError();
    try {
      const task = await api(path, { method: 'POST', body });
      watch(task);
    } catch (e) {
      if (fromDraft) draftMsg.textContent = e.message;
      fail(e);
    }
  }

  function showTask(task) {
    fill(status,
      badge(task.status), ' ',
      h('a', { href: '#/tasks/' + task.id, id: 'insp-task-link', 'data-task': task.id, text: task.goal }),
      task.reason ? h('span', { class: 'muted', text: ' · ' + task.reason }) : null);
  }

  function watch(task) {
    watching = { id: task.id, timer: null, pending: null, busy: false };
    showTask(task);
    poll();
  }

  async function poll() {
    if (!watching || disposed || watching.busy) return;
    const id = watching.id;
    watching.busy = true;
    try {
      const task = await api('/api/tasks/' + id);
      if (!watching || watching.id !== id) return;
      showTask(task);
      if (task.status !== 'RUNNING') {
        watching = null;
        showConfirmation(null);
        await refresh();
        return;
      }
      const c = await api('/api/tasks/' + id + '/confirmation');
      if (watching && watching.id === id) showConfirmation(c.pending ? c.confirmation : null);
    } catch (e) {
      fail(e);
    }
    if (watching && watching.id === id) {
      watching.busy = false;
      watching.timer = setTimeout(poll, 400);
    }
  }

  function showConfirmation(pending) {
    if (!pending) { confirmBox.hidden = true; confirmBox.replaceChildren(); return; }
    if (watching && watching.pending === pending.id && !confirmBox.hidden) return;
    if (watching) watching.pending = pending.id;
    const answer = async (allow) => {
      try {
        await api('/api/tasks/' + pending.task_id + '/confirmation', { method: 'POST', body: { allow, id: pending.id } });
        showConfirmation(null);
      } catch (e) {
        fail(e);
      }
    };
    fill(confirmBox,
      h('div', {}, h('strong', { text: 'This tap needs your confirmation: ' }),
        h('span', { class: 'mono', id: 'insp-confirm-text', text: pending.description })),
      h('div', { class: 'row-actions' },
        h('button', { type: 'button', class: 'btn primary', id: 'insp-allow', text: 'Allow', onclick: () => answer(true) }),
        h('button', { type: 'button', class: 'btn', id: 'insp-refuse', text: 'Refuse', onclick: () => answer(false) })));
    confirmBox.hidden = false;
  }

  async function save() {
    draftMsg.textContent = '';
    try {
      const saved = await api('/api/flows', { method: 'POST', body: { name: flowName.value.trim(), flow: draft.value, overwrite: overwrite.checked } });
      draftMsg.textContent = 'Saved as ' + saved.path;
    } catch (e) {
      draftMsg.textContent = e.message;
    }
  }

  function download() {
    const name = (flowName.value.trim().match(/^[A-Za-z0-9._-]{1,64}$/) ? flowName.value.trim() : 'inspector-draft') + '.yaml';
    const url = URL.createObjectURL(new Blob([draft.value], { type: 'application/yaml' }));
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Devices: the same list as the New task page (each probed with a deadline).
  api('/api/devices').then((body) => {
    listed = body.devices;
    device.replaceChildren(...listed.map((d) => h('option', {
      value: d.selector, disabled: !d.ready,
      text: (d.takes_url ? d.selector + ':URL' : d.selector) + (d.ready ? '' : ' (' + d.state + ')'),
      title: d.detail,
    })));
    const ready = listed.find((d) => d.ready);
    if (ready) device.value = ready.selector;
    showDevice();
  }).catch((e) => { deviceDetail.textContent = 'Cannot list the devices: ' + e.message; });

  // A session already open (this page reloaded): take it up again.
  api('/api/inspector').then((body) => {
    if (!session && body.sessions.length) {
      setSession(body.sessions[0]);
      refresh();
    }
  }).catch(() => {});

  return {
    node,
    on(type, data) {
      if (!watching || !data) return;
      if ((type === 'task_finished' && data.id === watching.id) || (type === 'confirmation_needed' && data.task_id === watching.id)) {
        clearTimeout(watching.timer);
        poll();
      }
    },
    dispose() {
      disposed = true;
      setAuto(false);
      if (watching) clearTimeout(watching.timer);
    },
  };
}
