// The task list, the new-task form and the settings page.

import { h, fill, api, askOrigin, banner, badge, ago, elapsed, refreshStatus } from './common.js';

const WIFI_FLOW = [
  'name: Turn Wi-Fi on',
  'steps:',
  '  - launch_app: com.android.settings',
  '  - tap: { text: "Wi-Fi" }',
  '  - tap: { element: "com.android.settings:id/wifi_switch" }',
  '  - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true, text: "On" }',
  '',
].join('\n');

const STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'MAX_STEPS', 'BUDGET_EXCEEDED', 'CANCELLED', 'ENDED', 'INTERRUPTED'];
const WITHIN = { '': 'Any time', '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };
const WITHIN_MS = { '1h': 3600e3, '24h': 86400e3, '7d': 7 * 86400e3 };

// The list's filters live in the address (#/?status=…&device=…&host=…&within=…), so a filtered
// list survives a reload and can be shared; each maps to a query parameter of GET /api/tasks.
function filterControls(params) {
  const status = h('select', { id: 'filter-status', 'aria-label': 'Status' },
    h('option', { value: '', text: 'Any status' }), ...STATUSES.map((s) => h('option', { value: s, text: s })));
  const device = h('input', { type: 'text', id: 'filter-device', placeholder: 'Device', list: 'known-devices', 'aria-label': 'Device' });
  const host = h('input', { type: 'text', id: 'filter-host', placeholder: 'Host', list: 'known-hosts', 'aria-label': 'Host' });
  const within = h('select', { id: 'filter-within', 'aria-label': 'Started' },
    ...Object.entries(WITHIN).map(([v, t]) => h('option', { value: v, text: t })));
  status.value = params.get('status') || '';
  device.value = params.get('device') || '';
  host.value = params.get('host') || '';
  within.value = WITHIN[params.get('within') || ''] ? params.get('within') || '' : '';
  // A suite's tasks (#/?suite=ID, from the Suites page or a task's page): shown as a chip that
  // clears it; it combines with the other filters.
  const suite = params.get('suite') || '';
  const apply = () => {
    const next = new URLSearchParams();
    if (suite) next.set('suite', suite);
    if (status.value) next.set('status', status.value);
    if (device.value.trim()) next.set('device', device.value.trim());
    if (host.value.trim()) next.set('host', host.value.trim());
    if (within.value) next.set('within', within.value);
    location.hash = '#/' + (next.toString() ? '?' + next : '');
  };
  [status, within].forEach((el) => el.addEventListener('change', apply));
  [device, host].forEach((el) => el.addEventListener('change', apply));
  const devices = h('datalist', { id: 'known-devices' });
  const hosts = h('datalist', { id: 'known-hosts' });
  const chip = suite ? h('span', { class: 'filter-chip', id: 'filter-suite' }, 'Suite ', h('b', { class: 'mono', text: suite }),
    h('a', { href: '#/', class: 'muted', title: 'Show every task', 'aria-label': 'Clear the suite filter', text: '×',
      onclick: (e) => { e.preventDefault(); const rest = new URLSearchParams(params); rest.delete('suite'); rest.delete('offset');
        location.hash = '#/' + (rest.toString() ? '?' + rest : ''); } })) : null;
  const node = h('div', { class: 'filters', id: 'filters' }, chip, status, device, host, within, devices, hosts);
  // The API query for these filters; since is computed now, so a live list keeps its window.
  const query = () => {
    const q = new URLSearchParams();
    if (suite) q.set('suite', suite);
    if (status.value) q.set('status', status.value);
    if (device.value.trim()) q.set('device', device.value.trim());
    if (host.value.trim()) q.set('host', host.value.trim());
    if (within.value) q.set('since', new Date(Date.now() - WITHIN_MS[within.value]).toISOString());
    return q.toString();
  };
  // Offers the devices and hosts of the tasks shown, besides what is typed.
  const learn = (tasks) => {
    const add = (list, values) => {
      const known = new Set([...list.options].map((o) => o.value));
      values.filter((v) => v && !known.has(v)).forEach((v) => list.append(h('option', { value: v })));
    };
    add(devices, tasks.map((t) => t.device));
    add(hosts, tasks.map((t) => t.host));
  };
  const filtered = () => Boolean(suite || status.value || device.value.trim() || host.value.trim() || within.value);
  return { node, query, learn, filtered };
}

export function tasksPage(offset, params = new URLSearchParams()) {
  const limit = 20;
  const filters = filterControls(params);
  const strip = h('div', { class: 'running-strip', id: 'running' });
  const tbody = h('tbody');
  const pager = h('div', { class: 'pager' });
  const table = h('div', { class: 'panel' },
    h('table', { class: 'tasks', id: 'tasks' },
      h('thead', {}, h('tr', {},
        h('th', { text: 'Status' }), h('th', { text: 'Goal' }), h('th', { text: 'Device' }),
        h('th', { text: 'Host' }), h('th', { text: 'Runner' }),
        h('th', { text: 'Steps' }), h('th', { text: 'Started' }), h('th', { text: 'Duration' }))),
      tbody),
    pager);
  const node = h('section', {},
    h('div', { class: 'page-head' }, h('h1', { text: 'Tasks' }), h('span', { class: 'spacer' }),
      h('a', { class: 'btn primary', href: '#/new', id: 'new-task', text: 'New task' })),
    strip, filters.node, table);

  let timer = null;
  async function load() {
    const [page, st] = await Promise.all([
      api('/api/tasks?limit=' + limit + '&offset=' + offset + (filters.query() ? '&' + filters.query() : '')),
      refreshStatus()]);
    fill(strip, (st ? st.running : []).map(runningCard));
    filters.learn(page.tasks);
    if (!page.tasks.length) {
      tbody.replaceChildren(h('tr', {}, h('td', { colspan: 8, class: 'empty',
        text: offset ? 'No older tasks.' : filters.filtered() ? 'No task matches these filters.'
          : 'No tasks yet. Start one, or run apex run in a terminal: it shows up here live.' })));
    } else {
      tbody.replaceChildren(...page.tasks.map(taskRow));
    }
    const here = new URLSearchParams(params);
    const at = (o) => { here.set('offset', o); return '#/?' + here; };
    pager.replaceChildren(
      h('a', { class: 'btn small', href: at(Math.max(0, offset - limit)), hidden: offset === 0, text: '← Newer' }),
      h('a', { class: 'btn small', href: at(offset + limit), hidden: !page.has_more, text: 'Older →' }));
    pager.hidden = offset === 0 && !page.has_more;
  }

  function taskRow(task) {
    return h('tr', { 'data-task': task.id, onclick: () => { location.hash = '#/tasks/' + task.id; } },
      h('td', {}, badge(task.status)),
      h('td', {}, h('div', { class: 'goal', text: task.goal, title: task.goal }),
        task.reason ? h('div', { class: 'reason', text: task.reason, title: task.reason }) : null),
      h('td', { class: 'mono', text: task.device }),
      h('td', { class: 'mono host', text: task.host || '—', title: task.host || 'not recorded' }),
      h('td', { class: 'mono muted runner', text: task.runner ? task.runner.replace(/ on .*$/, '') : '—',
        title: task.runner ? task.runner + (task.heartbeat_at ? ', last heartbeat ' + task.heartbeat_at : '') : 'not recorded' }),
      h('td', { class: 'num', text: task.steps }),
      h('td', { class: 'muted', text: ago(task.started_at), title: task.started_at }),
      h('td', { class: 'num muted', text: elapsed(task) }));
  }

  function runningCard(r) {
    const step = r.current_step;
    const world = r.world || {};
    const page = world.currentPage || world.current_page || world.currentApp || world.current_app;
    return h('div', { class: 'panel running-card', onclick: () => { location.hash = '#/tasks/' + r.task.id; } },
      h('div', {}, badge('RUNNING'), ' ', h('span', { class: 'mono muted', text: r.task.device })),
      h('div', { class: 'goal', text: r.task.goal }),
      h('div', { class: 'muted', text: step ? 'step ' + step.index + ': ' + step.action : 'starting…' }),
      page ? h('div', { class: 'muted', text: 'on ' + page }) : null);
  }

  load().catch((e) => banner(e.message));
  return {
    node,
    on() {
      clearTimeout(timer);
      timer = setTimeout(() => load().catch(() => {}), 150);
    },
    resync() { load().catch(() => {}); },
    dispose() { clearTimeout(timer); },
  };
}

export function newTaskPage() {
  const error = h('div', { class: 'error-box', hidden: true, id: 'start-error' });
  const device = h('select', { id: 'device', name: 'device', onchange: () => showDevice() });
  const deviceUrl = h('input', { type: 'url', id: 'device-url', placeholder: 'https://example.com', hidden: true });
  const deviceDetail = h('div', { class: 'hint', id: 'device-detail' });
  let listed = [];
  const chosen = () => listed.find((d) => d.selector === device.value);
  function showDevice() {
    const d = chosen();
    deviceUrl.hidden = !(d && d.takes_url);
    deviceDetail.textContent = d ? d.state + ' · ' + d.detail : 'Looking for devices…';
  }
  const goal = h('textarea', { id: 'goal', class: 'goal', placeholder: 'e.g. Turn on Wi-Fi in Settings' });
  const flow = h('textarea', { id: 'flow', spellcheck: 'false', placeholder: 'name: …\nsteps:\n  - launch_app: …' });
  const vars = h('textarea', { id: 'vars', class: 'vars', spellcheck: 'false', autocomplete: 'off', placeholder: 'PASSWORD=…' });
  let mode = 'flow';
  const goalUnavailable = h('div', { class: 'error-box', id: 'goal-unavailable', hidden: true });
  const goalField = h('div', { class: 'field' }, h('label', { for: 'goal', text: 'Goal' }), goalUnavailable, goal,
    h('div', { class: 'hint', text: 'In words. The planner decides the steps.' }));
  let canStart = true;
  let goalRefused = false;
  const flowField = h('div', { class: 'field' },
    h('div', { class: 'row-actions' }, h('label', { for: 'flow', text: 'Flow (YAML)' }), h('span', { class: 'spacer' }),
      h('button', { type: 'button', class: 'btn small', id: 'example-wifi', text: 'Example: turn Wi-Fi on', onclick: () => { flow.value = WIFI_FLOW; } })),
    flow, h('div', { class: 'hint', text: 'The steps to replay, one tool call each (the format of apex run --flow).' }),
    h('label', { for: 'vars', text: 'Variables' }), vars,
    h('div', { class: 'hint', text: 'NAME=VALUE lines for the flow\'s ${NAME}: the only values it takes (never the console\'s environment).' }));
  const seg = h('div', { class: 'segmented' });
  const setMode = (m) => {
    mode = m;
    goalField.hidden = m !== 'goal';
    flowField.hidden = m !== 'flow';
    submit.disabled = !canStart || (m === 'goal' && goalRefused);
    seg.querySelectorAll('label').forEach((l) => l.classList.toggle('on', l.dataset.mode === m));
  };
  seg.append(
    h('label', { 'data-mode': 'flow', id: 'mode-flow', text: 'Flow', onclick: () => setMode('flow') }),
    h('label', { 'data-mode': 'goal', id: 'mode-goal', text: 'Goal', onclick: () => setMode('goal') }));
  const submit = h('button', { type: 'submit', class: 'btn primary', id: 'start', text: 'Start task' });
  const form = h('form', { class: 'form', id: 'start-form', onsubmit: onSubmit },
    h('div', { class: 'page-head' }, h('h1', { text: 'New task' })),
    h('div', { class: 'panel' },
      h('div', { class: 'field' }, h('label', { for: 'device', text: 'Device' }), device, deviceUrl, deviceDetail,
        h('div', { class: 'hint', text: 'The task runs in the console\'s process; one task per device at a time.' })),
      h('div', { class: 'field' }, h('span', { class: 'label', text: 'What to run' }), seg),
      goalField, flowField, error,
      h('div', { class: 'row-actions' }, submit, h('a', { href: '#/', class: 'btn', text: 'Cancel' }))));
  setMode('flow');

  showDevice();
  // Every reachable device, probed now (each probe has a deadline): one that is not ready is
  // listed, disabled, with what to do.
  api('/api/devices').then((body) => {
    listed = body.devices;
    const before = device.value;
    device.replaceChildren(...listed.map((d) => h('option', {
      value: d.selector, 'data-state': d.state, disabled: !d.ready,
      text: (d.takes_url ? d.selector + ':URL' : d.selector) + (d.ready ? '' : ' (' + d.state + ')'),
      title: d.detail,
    })));
    if (before && listed.some((d) => d.selector === before && d.ready)) device.value = before;
    showDevice();
  }).catch((e) => { deviceDetail.textContent = 'Cannot list the devices: ' + e.message; });

  refreshStatus().then((st) => {
    if (st && !st.can_start_tasks) {
      canStart = false;
      error.textContent = 'This console was started without a task launcher: start tasks with apex run.';
      error.hidden = false;
    } else if (st && st.model_configured === false) {
      // Said before anyone types a goal, in the words POST /api/tasks would answer with.
      goalRefused = true;
      goalUnavailable.textContent = st.goal_refusal || 'No model is configured to plan a goal.';
      goalUnavailable.hidden = false;
      goal.disabled = true;
    }
    setMode(mode);
  });

  // NAME=VALUE lines (# comments and blank lines skipped) as {NAME: VALUE}; the server checks names.
  function namedVars(text) {
    const named = {};
    text.split('\n').forEach((line, i) => {
      if (!line.trim() || line.trim().startsWith('#')) return;
      const eq = line.indexOf('=');
      if (eq < 0) throw new Error('Variables line ' + (i + 1) + ': not a NAME=VALUE line.');
      named[line.slice(0, eq).trim()] = line.slice(eq + 1);
    });
    return named;
  }

  async function onSubmit(event, allowOrigin) {
    if (event) event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    const picked = chosen();
    let selector = device.value;
    if (picked && picked.takes_url) {
      if (!deviceUrl.value.trim()) {
        error.textContent = 'Give the URL of the page to open.';
        error.hidden = false;
        setMode(mode);
        return;
      }
      selector += ':' + deviceUrl.value.trim();
    }
    const body = { device: selector };
    try {
      if (mode === 'goal') body.goal = goal.value; else { body.flow = flow.value; body.vars = namedVars(vars.value); }
      if (allowOrigin) body.allow_origin = allowOrigin;
      const task = await api('/api/tasks', { method: 'POST', body });
      location.hash = '#/tasks/' + task.id;
    } catch (e) {
      if (!askOrigin(error, e, '', (origin) => onSubmit(null, origin))) {
        error.textContent = e.message;
        error.hidden = false;
      }
      setMode(mode);
    }
  }
  return { node: form };
}

// The fields come from the settings' declarations (GET /api/config/fields), in their sections'
// order: a setting declared in apex-config shows here with no change to this page.
const SECTION_NOTES = {
  safety: 'Anything else sensitive (password fields, pay, delete, send, other apps) waits for Allow on the task page.',
};

const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);

function getPath(obj, key) {
  return key.split('.').reduce((o, k) => (o ? o[k] : undefined), obj);
}

export function configPage() {
  const node = h('form', { class: 'form', id: 'config-form' });
  const message = h('div', { hidden: true, id: 'config-message' });
  let loaded = null;
  let FIELDS = [];
  const inputs = new Map();

  function render(config) {
    loaded = config;
    inputs.clear();
    const overrides = config.env_overrides || {};
    const field = (f) => {
      const value = getPath(config, f.key);
      const hint = f.type === 'list' ? f.help + ' Comma-separated.' : f.help;
      if (f.type === 'secret') {
        return h('div', { class: 'field', 'data-key': f.key }, h('span', { class: 'label', text: f.label }),
          h('div', {}, h('span', { class: 'badge ' + (value === 'set' ? 'SUCCEEDED' : 'CANCELLED'), id: f.key.replace(/_/g, '-').replace(/^anthropic-/, ''), text: value })),
          h('div', { class: 'hint', text: hint }));
      }
      const env = overrides[f.key];
      const note = env ? h('div', { class: 'env-note', text: 'Set by ' + env + ' in the environment.' }) : null;
      let input;
      if (f.type === 'bool') {
        input = h('input', { type: 'checkbox', id: 'cfg-' + f.key, name: f.key, disabled: !!env });
        input.checked = !!value;
        inputs.set(f.key, input);
        return h('div', { class: 'field', 'data-key': f.key },
          h('label', { class: 'check' }, input, f.label), h('div', { class: 'hint', text: hint }), note);
      }
      input = h('input', { type: f.type === 'int' ? 'number' : 'text', id: 'cfg-' + f.key, name: f.key, disabled: !!env });
      input.value = f.type === 'list' ? (value || []).join(', ') : value;
      inputs.set(f.key, input);
      return h('div', { class: 'field', 'data-key': f.key },
        h('label', { for: 'cfg-' + f.key, text: f.label }), input, h('div', { class: 'hint', text: hint }), note);
    };
    const sections = [];
    for (const f of FIELDS) {
      let section = sections.find((s) => s.id === f.section);
      if (!section) sections.push(section = { id: f.section, title: f.section_title, fields: [] });
      section.fields.push(f);
    }
    node.replaceChildren(
      h('div', { class: 'page-head' }, h('h1', { text: 'Settings' }), h('span', { class: 'spacer' }),
        h('span', { class: 'muted mono', text: config.file })),
      ...sections.map((s) => h('div', { class: 'panel', 'data-section': s.id }, h('h2', { text: s.title }),
        ...s.fields.map(field),
        SECTION_NOTES[s.id] ? h('div', { class: 'hint', text: SECTION_NOTES[s.id] }) : null)),
      message,
      h('div', { class: 'row-actions' }, h('button', { type: 'submit', class: 'btn primary', id: 'save', text: 'Save' }),
        h('span', { class: 'muted', text: 'Tasks started after saving use the new settings.' })));
  }

  node.addEventListener('submit', async (event) => {
    event.preventDefault();
    const changes = {};
    for (const f of FIELDS) {
      const input = inputs.get(f.key);
      if (!input || input.disabled) continue;
      let value = f.type === 'bool' ? input.checked : input.value.trim();
      if (f.type === 'int') value = value === '' || !/^-?\d+$/.test(value) ? value : Number(value);
      if (f.type === 'list') value = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
      if (value === getPath(loaded, f.key) || (f.type === 'list' && sameList(value, getPath(loaded, f.key)))) continue;
      const [group, name] = f.key.includes('.') ? f.key.split('.') : [null, f.key];
      if (group) (changes[group] = changes[group] || {})[name] = value; else changes[name] = value;
    }
    node.querySelectorAll('.field.invalid').forEach((el) => el.classList.remove('invalid'));
    try {
      const config = await api('/api/config', { method: 'PUT', body: changes });
      render(config);
      message.className = 'note-box';
      message.textContent = Object.keys(changes).length ? 'Saved. Tasks started from now on use these settings.' : 'Nothing changed.';
    } catch (e) {
      message.className = 'error-box';
      message.textContent = e.message;
      const key = FIELDS.map((f) => f.key).find((k) => e.message.startsWith(k + ' ') || e.message.startsWith(k + ':'));
      const el = key && node.querySelector('.field[data-key="' + key + '"]');
      if (el) el.classList.add('invalid');
    }
    message.hidden = false;
  });

  Promise.all([api('/api/config/fields'), api('/api/config')])
    .then(([fields, config]) => { FIELDS = fields.filter((f) => f.type !== 'secret' || f.key in config); render(config); })
    .catch((e) => banner(e.message));
  return { node };
}
