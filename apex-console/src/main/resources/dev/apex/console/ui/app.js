// apex console UI: plain JS, no build step. Talks to the console's JSON API with the session cookie
// and follows /api/events (server-sent events) to update while tasks run. Every piece of data is put
// in the page with textContent or attributes, never as HTML.
'use strict';

(() => {
  const view = document.getElementById('view');
  const INTERACTIVE = new Set(['CLICKABLE', 'LONG_CLICKABLE', 'CHECKABLE', 'EDITABLE', 'SCROLLABLE']);
  const WIFI_FLOW = [
    'name: Turn Wi-Fi on',
    'steps:',
    '  - launch_app: com.android.settings',
    '  - tap: { element: "com.android.settings:id/wifi_row" }',
    '  - tap: { element: "com.android.settings:id/wifi_switch" }',
    '  - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true }',
    '',
  ].join('\n');

  // ---------- small helpers ----------

  const SVG_NS = 'http://www.w3.org/2000/svg';

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    apply(el, attrs);
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : String(child));
    }
    return el;
  }

  // Like el.replaceChildren, skipping absent parts (null, undefined, false).
  function fill(el, ...children) {
    el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
    return el;
  }

  function s(tag, attrs) {
    const el = document.createElementNS(SVG_NS, tag);
    apply(el, attrs);
    return el;
  }

  function apply(el, attrs) {
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else if (key === 'text') el.textContent = value;
      else el.setAttribute(key, value === true ? '' : value);
    }
  }

  async function api(path, options = {}) {
    const init = { credentials: 'same-origin', method: options.method || 'GET', headers: {} };
    if (options.body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    const res = await fetch(path, init);
    if (res.status === 401) {
      banner('This console needs its token again: open the link that apex console printed.');
    }
    const type = res.headers.get('Content-Type') || '';
    const body = type.includes('json') ? await res.json() : null;
    if (!res.ok) {
      const error = new Error((body && body.error) || res.status + ' ' + res.statusText);
      error.status = res.status;
      throw error;
    }
    return body;
  }

  function banner(text) {
    const el = document.getElementById('banner');
    el.textContent = text;
    el.hidden = !text;
  }

  function badge(status) {
    return h('span', { class: 'badge ' + status, 'data-status': status, text: status.replace('_', ' ') });
  }

  function ms(value) {
    if (value === null || value === undefined) return '—';
    if (value < 1) return '<1 ms';
    if (value < 1000) return Math.round(value) + ' ms';
    return (value / 1000).toFixed(value < 10000 ? 2 : 1) + ' s';
  }

  function ago(iso) {
    if (!iso) return '—';
    const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
    if (seconds < 60) return Math.round(seconds) + ' s ago';
    if (seconds < 3600) return Math.round(seconds / 60) + ' min ago';
    if (seconds < 86400) return Math.round(seconds / 3600) + ' h ago';
    return new Date(iso).toLocaleString();
  }

  function elapsed(task) {
    if (!task.started_at) return '—';
    const end = task.ended_at ? Date.parse(task.ended_at) : Date.now();
    return ms(end - Date.parse(task.started_at));
  }

  function argsText(args) {
    if (!args) return '';
    const parts = Object.entries(args).map(([k, v]) => k + ': ' + (typeof v === 'string' ? v : JSON.stringify(v)));
    return parts.join(', ');
  }

  // Token counts from an llm_usage annotation, whatever its exact shape (one call or a list of
  // calls; snake_case or camelCase keys).
  function tokens(usage) {
    const total = { input: 0, output: 0, calls: 0 };
    const add = (u) => {
      if (!u || typeof u !== 'object') return;
      if (Array.isArray(u)) { u.forEach(add); return; }
      let counted = false;
      for (const [key, value] of Object.entries(u)) {
        if (typeof value === 'object') { add(value); continue; }
        if (typeof value !== 'number') continue;
        const k = key.toLowerCase();
        if (k.includes('output')) { total.output += value; counted = true; }
        else if (k.includes('input') || k.includes('cache')) { total.input += value; counted = true; }
      }
      if (counted) total.calls++;
    };
    add(usage);
    return total;
  }

  // ---------- live events ----------

  const listeners = new Set();
  let source = null;

  function connectEvents() {
    source = new EventSource('/api/events');
    const live = document.getElementById('live');
    source.onopen = () => {
      live.classList.add('on');
      live.textContent = 'live';
      listeners.forEach((l) => l.resync && l.resync());
    };
    source.onerror = () => {
      live.classList.remove('on');
      live.textContent = 'reconnecting';
    };
    for (const type of ['task_started', 'step', 'task_finished']) {
      source.addEventListener(type, (event) => {
        const data = JSON.parse(event.data);
        listeners.forEach((l) => l.on && l.on(type, data));
      });
    }
  }

  // ---------- routing ----------

  let current = null;
  let status = null;

  async function refreshStatus() {
    try {
      status = await api('/api/status');
      document.getElementById('version').textContent = 'v' + status.version;
      document.getElementById('devices').textContent =
        status.devices.length ? 'devices: ' + status.devices.join(', ') : 'no device reachable';
      document.getElementById('nav-new').hidden = !status.can_start_tasks;
    } catch (e) {
      /* the banner already says what to do */
    }
    return status;
  }

  function route() {
    if (current && current.dispose) current.dispose();
    if (current) listeners.delete(current);
    const hash = location.hash.replace(/^#/, '') || '/';
    const [path, query] = hash.split('?');
    const params = new URLSearchParams(query || '');
    let match;
    let name = 'tasks';
    if ((match = path.match(/^\/tasks\/([A-Za-z0-9_-]+)(?:\/steps\/(\d+))?$/))) {
      current = taskPage(match[1], match[2] ? Number(match[2]) : null);
      name = 'task';
    } else if (path === '/new') {
      current = newTaskPage();
      name = 'new';
    } else if (path === '/config') {
      current = configPage();
      name = 'config';
    } else {
      current = tasksPage(Number(params.get('offset')) || 0);
    }
    document.querySelectorAll('.nav a').forEach((a) => a.classList.toggle('active', a.dataset.nav === name));
    listeners.add(current);
    view.replaceChildren(current.node);
  }

  // ---------- tasks list ----------

  function tasksPage(offset) {
    const limit = 20;
    const strip = h('div', { class: 'running-strip', id: 'running' });
    const tbody = h('tbody');
    const pager = h('div', { class: 'pager' });
    const table = h('div', { class: 'panel' },
      h('table', { class: 'tasks', id: 'tasks' },
        h('thead', {}, h('tr', {},
          h('th', { text: 'Status' }), h('th', { text: 'Goal' }), h('th', { text: 'Device' }),
          h('th', { text: 'Steps' }), h('th', { text: 'Started' }), h('th', { text: 'Duration' }))),
        tbody),
      pager);
    const node = h('section', {},
      h('div', { class: 'page-head' }, h('h1', { text: 'Tasks' }), h('span', { class: 'spacer' }),
        h('a', { class: 'btn primary', href: '#/new', id: 'new-task', text: 'New task' })),
      strip, table);

    let timer = null;
    async function load() {
      const [page, st] = await Promise.all([
        api('/api/tasks?limit=' + limit + '&offset=' + offset), refreshStatus()]);
      fill(strip, (st ? st.running : []).map(runningCard));
      if (!page.tasks.length) {
        tbody.replaceChildren(h('tr', {}, h('td', { colspan: 6, class: 'empty',
          text: offset ? 'No older tasks.' : 'No tasks yet. Start one, or run apex run in a terminal: it shows up here live.' })));
      } else {
        tbody.replaceChildren(...page.tasks.map(taskRow));
      }
      pager.replaceChildren(
        h('a', { class: 'btn small', href: '#/?offset=' + Math.max(0, offset - limit), hidden: offset === 0, text: '← Newer' }),
        h('a', { class: 'btn small', href: '#/?offset=' + (offset + limit), hidden: !page.has_more, text: 'Older →' }));
      pager.hidden = offset === 0 && !page.has_more;
    }

    function taskRow(task) {
      return h('tr', { 'data-task': task.id, onclick: () => { location.hash = '#/tasks/' + task.id; } },
        h('td', {}, badge(task.status)),
        h('td', {}, h('div', { class: 'goal', text: task.goal, title: task.goal }),
          task.reason ? h('div', { class: 'reason', text: task.reason, title: task.reason }) : null),
        h('td', { class: 'mono', text: task.device }),
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

  // ---------- one task ----------

  function taskPage(id, wanted) {
    let task = null;
    let steps = [];
    let selected = wanted;
    let follow = wanted === null;
    const head = h('div', { class: 'panel task-head', id: 'task-head' });
    const list = h('ol', { class: 'steps panel', id: 'steps' });
    const detail = h('div', { class: 'detail', id: 'step-detail' });
    const node = h('section', {}, head, h('div', { class: 'task-body' }, list, detail));

    function lastIndex() {
      return steps.length ? steps[steps.length - 1].index : 0;
    }

    function renderHead() {
      const cancel = task.status === 'RUNNING' && task.cancellable
        ? h('button', { class: 'btn danger small', id: 'cancel', text: 'Cancel after this step', onclick: onCancel })
        : null;
      fill(head,
        h('div', { class: 'row' }, h('a', { href: '#/', class: 'muted', text: '← Tasks' })),
        h('div', { class: 'row' }, h('h1', { id: 'task-goal', text: task.goal }),
          h('span', { id: 'task-status' }, badge(task.status)), h('span', { class: 'spacer' }), cancel),
        h('div', { class: 'facts' },
          h('span', {}, 'Task ', h('b', { class: 'mono', text: task.id })),
          h('span', {}, 'Device ', h('b', { class: 'mono', text: task.device })),
          h('span', {}, 'Steps ', h('b', { id: 'task-steps', text: task.steps })),
          h('span', {}, 'Started ', h('b', { text: ago(task.started_at), title: task.started_at })),
          h('span', {}, 'Duration ', h('b', { text: elapsed(task) }))),
        task.reason ? h('div', { class: task.status === 'FAILED' ? 'step-error' : 'muted', text: task.reason }) : null);
    }

    async function onCancel(event) {
      event.target.disabled = true;
      try {
        task = await api('/api/tasks/' + id + '/cancel', { method: 'POST', body: {} });
        event.target.textContent = 'Cancelling…';
      } catch (e) {
        banner(e.message);
        event.target.disabled = false;
      }
    }

    function stepItem(step, fresh) {
      const usage = tokens(step.llm_usage);
      const sub = [ms(step.timings_ms.total)];
      if (usage.input || usage.output) sub.push((usage.input + usage.output) + ' tok');
      const args = argsText(step.planned_step.args);
      return h('li', {
        class: 'step-item' + (step.success ? '' : ' failed') + (fresh ? ' new' : '') + (step.index === selected ? ' selected' : ''),
        'data-index': step.index,
        onclick: () => { follow = step.index === lastIndex(); select(step.index); },
      },
      h('span', { class: 'idx', text: step.index }),
      h('span', { class: 'act', text: step.action }),
      h('span', { class: 'when', text: sub.join(' · ') }),
      h('span', { class: 'sub' + (step.error ? ' err' : ''), text: step.error || args || '(no arguments)', title: step.error || args }));
    }

    function renderList() {
      list.replaceChildren(...steps.map((step) => stepItem(step, false)), waiting());
    }

    function waiting() {
      if (!task || task.status !== 'RUNNING') return h('li', { hidden: true, id: 'waiting' });
      return h('li', { class: 'waiting', id: 'waiting' }, h('span', { class: 'spinner' }), 'waiting for the next step…');
    }

    function addSteps(more) {
      for (const step of more) {
        if (step.index <= lastIndex()) continue;
        steps.push(step);
        const old = list.querySelector('#waiting');
        if (old) old.remove();
        list.append(stepItem(step, true), waiting());
        if (follow) select(step.index);
      }
      if (task && steps.length > task.steps) {
        task.steps = steps.length;
        const count = document.getElementById('task-steps');
        if (count) count.textContent = task.steps;
      }
    }

    function select(index) {
      const step = steps.find((st) => st.index === index) || steps[steps.length - 1];
      if (!step) {
        detail.replaceChildren(h('div', { class: 'panel empty', text: task && task.status === 'RUNNING' ? 'The first step will appear here as soon as it runs.' : 'This task recorded no steps.' }));
        return;
      }
      selected = step.index;
      list.querySelectorAll('.step-item').forEach((li) => li.classList.toggle('selected', Number(li.dataset.index) === selected));
      history.replaceState(null, '', '#/tasks/' + id + '/steps/' + selected);
      detail.replaceChildren(...stepDetail(step, player(step)));
    }

    // Playback: step through the recorded steps by hand (buttons, arrow keys) or play them.
    let playing = null;

    function player(step) {
      const i = steps.findIndex((st) => st.index === step.index);
      return h('div', { class: 'player' },
        h('button', { class: 'btn small', id: 'prev', title: 'Previous step (←)', disabled: i <= 0, text: '◀', onclick: () => { pause(); go(-1); } }),
        h('button', { class: 'btn small', id: 'play', text: playing ? 'Pause' : 'Play', onclick: () => (playing ? pause() : play()) }),
        h('button', { class: 'btn small', id: 'next', title: 'Next step (→)', disabled: i >= steps.length - 1, text: '▶', onclick: () => { pause(); go(1); } }),
        h('span', { class: 'muted num', text: (i + 1) + ' / ' + steps.length }));
    }

    function go(delta) {
      const i = steps.findIndex((st) => st.index === selected);
      const next = steps[i + delta];
      if (!next) return false;
      follow = next.index === lastIndex();
      select(next.index);
      return true;
    }

    function play() {
      if (selected === lastIndex()) select(steps[0].index);
      playing = setInterval(() => { if (!go(1)) pause(); }, 1200);
      select(selected);
    }

    function pause() {
      if (!playing) return;
      clearInterval(playing);
      playing = null;
      select(selected);
    }

    function onKey(event) {
      if (event.target.closest('input, textarea, select')) return;
      if (event.key === 'ArrowLeft') { pause(); go(-1); }
      if (event.key === 'ArrowRight') { pause(); go(1); }
    }
    document.addEventListener('keydown', onKey);

    async function load() {
      const body = await api('/api/tasks/' + id + '/steps');
      task = body.task;
      steps = body.steps;
      renderHead();
      renderList();
      select(selected === null ? lastIndex() : selected);
    }

    async function resync() {
      if (!task) return;
      const body = await api('/api/tasks/' + id + '/steps?after=' + lastIndex());
      task = body.task;
      renderHead();
      addSteps(body.steps);
      if (task.status !== 'RUNNING') { const w = list.querySelector('#waiting'); if (w) w.hidden = true; }
    }

    load().catch((e) => {
      head.replaceChildren(h('div', { class: 'error-box', text: e.message }));
    });

    return {
      node,
      on(type, data) {
        if (!task) return;
        if (type === 'step' && data.task_id === id) {
          addSteps([data]);
        } else if ((type === 'task_finished' || type === 'task_started') && data.id === id) {
          task = Object.assign(task, data);
          renderHead();
          if (type === 'task_finished') {
            const w = list.querySelector('#waiting');
            if (w) w.hidden = true;
            resync().catch(() => {});
          }
        }
      },
      resync() { resync().catch(() => {}); },
      dispose() {
        document.removeEventListener('keydown', onKey);
        if (playing) clearInterval(playing);
      },
    };
  }

  // ---------- one step ----------

  function targetOf(step) {
    const output = step.result && step.result.output;
    if (output && typeof output === 'object' && typeof output.element === 'string') return output.element;
    const args = (step.planned_step && step.planned_step.args) || {};
    if (typeof args.element === 'string') return args.element;
    if (typeof args.text === 'string' && step.scene) {
      const want = args.text.trim().toLowerCase();
      const matches = step.scene.elements.filter((e) => (e.text || '').trim().toLowerCase() === want);
      const best = matches.find((e) => (e.flags || []).some((f) => INTERACTIVE.has(f))) || matches[0];
      return best ? best.id : null;
    }
    return null;
  }

  function stepDetail(step, controls) {
    const args = step.planned_step.args || {};
    const usage = tokens(step.llm_usage);
    const headPanel = h('div', { class: 'panel detail-head' },
      h('span', { class: 'title', text: 'Step ' + step.index }),
      h('span', { class: 'mono', text: step.action }),
      h('span', { class: 'args', text: argsText(args) }),
      h('span', { class: 'badge ' + (step.success ? 'SUCCEEDED' : 'FAILED'), text: step.success ? 'OK' : 'FAILED' }),
      h('span', { class: 'spacer' }),
      controls,
      step.error ? h('div', { class: 'step-error', text: step.error }) : null);

    const metrics = h('div', { class: 'panel' }, h('h3', { text: 'Time and tokens' }),
      h('div', { class: 'metrics' },
        metric('observe', ms(step.timings_ms.observe)),
        metric('plan', ms(step.timings_ms.plan)),
        metric('act', ms(step.timings_ms.act)),
        metric('total', ms(step.timings_ms.total))),
      h('div', { class: 'metrics' },
        metric('tokens in', step.llm_usage ? usage.input : '—'),
        metric('tokens out', step.llm_usage ? usage.output : '—'),
        metric('LLM calls', step.llm_usage ? usage.calls : 0),
        metric('attempts', (step.result && step.result.attempts) || 1)));

    const side = h('div', { class: 'side' },
      metrics,
      worldPanel(step.world),
      semanticPanel(step.semantic_scene),
      h('div', { class: 'panel' }, h('h3', { text: 'Raw' }),
        raw('Planned step', step.planned_step),
        raw('Result', step.result),
        raw('Scene (' + (step.scene ? step.scene.elements.length + ' elements' : 'none') + ')', step.scene),
        Object.keys(step.annotations || {}).length ? raw('Other annotations', step.annotations) : null));

    return [headPanel, h('div', { class: 'detail-grid' }, screenPanel(step), side)];
  }

  function metric(key, value) {
    return h('div', { class: 'metric' }, h('div', { class: 'v', text: value }), h('div', { class: 'k', text: key }));
  }

  function raw(title, value) {
    return h('details', { class: 'raw' }, h('summary', { text: title }),
      h('pre', { text: JSON.stringify(value, null, 2) }));
  }

  function pick(obj, ...keys) {
    for (const k of keys) if (obj && obj[k] !== undefined && obj[k] !== null) return obj[k];
    return null;
  }

  function worldPanel(world) {
    const panel = h('div', { class: 'panel', id: 'world' }, h('h3', { text: 'World after this step' }));
    if (!world) {
      panel.append(h('div', { class: 'muted', text: 'No world state recorded (the World Runtime was off or not wired).' }));
      return panel;
    }
    const variables = pick(world, 'variables') || {};
    panel.append(h('dl', { class: 'kv' },
      h('dt', { text: 'App' }), h('dd', { class: 'mono', text: pick(world, 'currentApp', 'current_app') || '—' }),
      h('dt', { text: 'Page' }), h('dd', { text: pick(world, 'currentPage', 'current_page') || '—' }),
      h('dt', { text: 'Screen' }), h('dd', { class: 'mono', text: pick(world, 'screenSignature', 'screen_signature') || '—' }),
      h('dt', { text: 'Variables' }), h('dd', { class: 'mono', text: Object.keys(variables).length ? argsText(variables) : '—' })));
    const history = pick(world, 'history') || [];
    if (history.length) {
      panel.append(h('ul', { class: 'history' }, ...history.map((e) => h('li', {},
        h('span', { class: 'hi', text: '#' + e.index }),
        h('span', { class: e.success ? 'ok' : 'no', text: e.success ? '✓' : '✗' }),
        h('span', { class: 'mono', text: e.action }),
        h('span', { class: 'muted', text: e.page || e.signature || '' })))));
    }
    const others = Object.keys(world).filter((k) => !['currentApp', 'current_app', 'currentPage', 'current_page', 'screenSignature', 'screen_signature', 'variables', 'history'].includes(k));
    if (others.length) panel.append(raw('More', Object.fromEntries(others.map((k) => [k, world[k]]))));
    return panel;
  }

  function semanticPanel(semantic) {
    const panel = h('div', { class: 'panel', id: 'semantic' }, h('h3', { text: 'Semantic scene' }));
    if (!semantic) {
      panel.append(h('div', { class: 'muted', text: 'Not enriched (semantic enrichment is off, or the call failed).' }));
      return panel;
    }
    panel.append(h('dl', { class: 'kv' },
      h('dt', { text: 'Page' }), h('dd', { text: semantic.page || '—' }),
      h('dt', { text: 'Widgets' }), h('dd', { text: (semantic.widgets || []).length + ' labelled' })));
    if ((semantic.intents || []).length) {
      panel.append(h('div', { class: 'chips' }, ...semantic.intents.map((i) => h('span', { class: 'chip', text: i }))));
    }
    return panel;
  }

  function screenPanel(step) {
    const scene = step.scene;
    const panel = h('div', { class: 'panel screen-panel', id: 'screen-panel' });
    if (!step.screenshot && !scene) {
      panel.append(h('div', { class: 'no-shot', text: 'No screenshot or scene for this step.' }));
      return panel;
    }
    const frame = h('div', { class: 'screen', id: 'screen' });
    if (step.screenshot) {
      frame.append(h('img', { src: step.screenshot, alt: 'Screen before step ' + step.index, id: 'screenshot' }));
    } else {
      // No screenshot kept (retention): draw the boxes on a blank screen of the scene's size.
      const blank = s('svg', { viewBox: '0 0 ' + scene.width + ' ' + scene.height, width: scene.width / 2, height: scene.height / 2 });
      blank.append(s('rect', { width: scene.width, height: scene.height, fill: '#1f2430' }));
      frame.append(blank);
    }
    const tip = h('div', { class: 'tip', hidden: true });
    frame.append(tip);
    if (scene) frame.append(overlay(step, scene, tip, frame));
    panel.append(frame, h('div', { class: 'legend' },
      h('span', {}, h('i', { class: 'l-tree' }), 'tree'),
      h('span', {}, h('i', { class: 'l-fused' }), 'tree + OCR'),
      h('span', {}, h('i', { class: 'l-ocr' }), 'OCR only'),
      h('span', {}, h('i', { class: 'l-target' }), 'step target'),
      h('span', { class: 'muted', text: scene ? scene.elements.length + ' elements · hover for details' : '' })));
    if (!step.screenshot) panel.append(h('div', { class: 'muted', text: 'The screenshot was not kept (retention).' }));
    return panel;
  }

  function overlay(step, scene, tip, frame) {
    const purposes = new Map();
    for (const w of (step.semantic_scene && step.semantic_scene.widgets) || []) {
      purposes.set(w.element_id || w.elementId, w.purpose);
    }
    const target = targetOf(step);
    const layer = s('svg', { viewBox: '0 0 ' + scene.width + ' ' + scene.height, preserveAspectRatio: 'none', id: 'boxes' });
    const area = (e) => (e.bounds.right - e.bounds.left) * (e.bounds.bottom - e.bounds.top);
    const elements = scene.elements
      .filter((e) => e.bounds && e.bounds.right > e.bounds.left && e.bounds.bottom > e.bounds.top)
      .sort((a, b) => (a.id === target) - (b.id === target) || area(b) - area(a));
    for (const e of elements) {
      const interactive = (e.flags || []).some((f) => INTERACTIVE.has(f));
      const rect = s('rect', {
        class: 'box ' + e.source + (interactive ? '' : ' passive') + (e.id === target ? ' target' : ''),
        x: e.bounds.left, y: e.bounds.top,
        width: e.bounds.right - e.bounds.left, height: e.bounds.bottom - e.bounds.top,
        rx: 4, 'data-id': e.id,
      });
      rect.addEventListener('mouseenter', () => showTip(tip, e, purposes.get(e.id), e.id === target));
      rect.addEventListener('mousemove', (ev) => placeTip(tip, frame, ev));
      rect.addEventListener('mouseleave', () => { tip.hidden = true; });
      layer.append(rect);
    }
    const out = step.result && step.result.output;
    if (out && typeof out === 'object' && Number.isFinite(out.x) && Number.isFinite(out.y)) {
      const r = Math.max(6, scene.width / 70);
      layer.append(s('circle', { class: 'tap-ring', cx: out.x, cy: out.y, r: r * 2 }));
      layer.append(s('circle', { class: 'tap-point', cx: out.x, cy: out.y, r: r }));
    }
    return layer;
  }

  function showTip(tip, e, purpose, isTarget) {
    const b = e.bounds;
    fill(tip,
      h('div', { class: 'tip-id', text: e.id }),
      h('div', { class: 'tip-text', text: e.text ? '“' + e.text + '”' : '(no text)' }),
      purpose ? h('div', { class: 'tip-purpose', text: purpose }) : null,
      h('div', { class: 'tip-meta', text: [e.type, e.source, (e.flags || []).join(' ').toLowerCase(), '[' + b.left + ',' + b.top + '][' + b.right + ',' + b.bottom + ']'].filter(Boolean).join(' · ') }),
      isTarget ? h('div', { class: 'tip-purpose', text: 'target of this step' }) : null);
    tip.hidden = false;
  }

  function placeTip(tip, frame, ev) {
    const box = frame.getBoundingClientRect();
    let x = ev.clientX - box.left + 14;
    let y = ev.clientY - box.top + 14;
    if (x + tip.offsetWidth > box.width) x = Math.max(4, ev.clientX - box.left - tip.offsetWidth - 10);
    if (y + tip.offsetHeight > box.height) y = Math.max(4, ev.clientY - box.top - tip.offsetHeight - 10);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }

  // ---------- new task ----------

  function newTaskPage() {
    const error = h('div', { class: 'error-box', hidden: true, id: 'start-error' });
    const device = h('select', { id: 'device', name: 'device' });
    const goal = h('textarea', { id: 'goal', class: 'goal', placeholder: 'e.g. Turn on Wi-Fi in Settings' });
    const flow = h('textarea', { id: 'flow', spellcheck: 'false', placeholder: 'name: …\nsteps:\n  - launch_app: …' });
    let mode = 'flow';
    const goalField = h('div', { class: 'field' }, h('label', { for: 'goal', text: 'Goal' }), goal,
      h('div', { class: 'hint', text: 'In words. The planner decides the steps.' }));
    const flowField = h('div', { class: 'field' },
      h('div', { class: 'row-actions' }, h('label', { for: 'flow', text: 'Flow (YAML)' }), h('span', { class: 'spacer' }),
        h('button', { type: 'button', class: 'btn small', id: 'example-wifi', text: 'Example: turn Wi-Fi on', onclick: () => { flow.value = WIFI_FLOW; } })),
      flow, h('div', { class: 'hint', text: 'The steps to replay, one tool call each (the format of apex run --flow).' }));
    const seg = h('div', { class: 'segmented' });
    const setMode = (m) => {
      mode = m;
      goalField.hidden = m !== 'goal';
      flowField.hidden = m !== 'flow';
      seg.querySelectorAll('label').forEach((l) => l.classList.toggle('on', l.dataset.mode === m));
    };
    seg.append(
      h('label', { 'data-mode': 'flow', id: 'mode-flow', text: 'Flow', onclick: () => setMode('flow') }),
      h('label', { 'data-mode': 'goal', id: 'mode-goal', text: 'Goal', onclick: () => setMode('goal') }));
    const submit = h('button', { type: 'submit', class: 'btn primary', id: 'start', text: 'Start task' });
    const form = h('form', { class: 'form', id: 'start-form', onsubmit: onSubmit },
      h('div', { class: 'page-head' }, h('h1', { text: 'New task' })),
      h('div', { class: 'panel' },
        h('div', { class: 'field' }, h('label', { for: 'device', text: 'Device' }), device,
          h('div', { class: 'hint', text: 'The task runs in the console\'s process; one task per device at a time.' })),
        h('div', { class: 'field' }, h('span', { class: 'label', text: 'What to run' }), seg),
        goalField, flowField, error,
        h('div', { class: 'row-actions' }, submit, h('a', { href: '#/', class: 'btn', text: 'Cancel' }))));
    setMode('flow');

    refreshStatus().then((st) => {
      const names = st && st.devices.length ? st.devices : ['sim'];
      device.replaceChildren(...names.map((d) => h('option', { value: d, text: d })));
      if (st && !st.can_start_tasks) {
        error.textContent = 'This console was started without a task launcher: start tasks with apex run.';
        error.hidden = false;
        submit.disabled = true;
      }
    });

    async function onSubmit(event) {
      event.preventDefault();
      error.hidden = true;
      submit.disabled = true;
      const body = { device: device.value };
      if (mode === 'goal') body.goal = goal.value; else body.flow = flow.value;
      try {
        const task = await api('/api/tasks', { method: 'POST', body });
        location.hash = '#/tasks/' + task.id;
      } catch (e) {
        error.textContent = e.message;
        error.hidden = false;
        submit.disabled = false;
      }
    }
    return { node: form };
  }

  // ---------- settings ----------

  const FIELDS = [
    { key: 'semantic.enabled', label: 'Semantic enrichment', type: 'bool', hint: 'Label each screen with one Claude call (costs tokens).' },
    { key: 'semantic.model', label: 'Model', type: 'text' },
    { key: 'semantic.timeout_ms', label: 'Timeout (ms)', type: 'int', hint: 'Per enrichment, retries included.' },
    { key: 'semantic.max_retries', label: 'Max retries', type: 'int' },
    { key: 'world.enabled', label: 'World Runtime', type: 'bool', hint: 'Keep a bounded world state per task.' },
    { key: 'world.history_size', label: 'History size', type: 'int', hint: 'Recent steps the world remembers.' },
    { key: 'max_steps', label: 'Max steps per task', type: 'int' },
    { key: 'screenshot_retention', label: 'Keep screenshots of the newest … tasks', type: 'int', hint: 'Applies when the timeline is next opened.' },
  ];

  function getPath(obj, key) {
    return key.split('.').reduce((o, k) => (o ? o[k] : undefined), obj);
  }

  function configPage() {
    const node = h('form', { class: 'form', id: 'config-form' });
    const message = h('div', { hidden: true, id: 'config-message' });
    let loaded = null;
    const inputs = new Map();

    function render(config) {
      loaded = config;
      inputs.clear();
      const overrides = config.env_overrides || {};
      const field = (f) => {
        const value = getPath(config, f.key);
        const env = overrides[f.key];
        let input;
        if (f.type === 'bool') {
          input = h('input', { type: 'checkbox', id: 'cfg-' + f.key, name: f.key, disabled: !!env });
          input.checked = !!value;
          inputs.set(f.key, input);
          return h('div', { class: 'field', 'data-key': f.key },
            h('label', { class: 'check' }, input, f.label),
            f.hint ? h('div', { class: 'hint', text: f.hint }) : null,
            env ? h('div', { class: 'env-note', text: 'Set by ' + env + ' in the environment.' }) : null);
        }
        input = h('input', { type: f.type === 'int' ? 'number' : 'text', id: 'cfg-' + f.key, name: f.key, disabled: !!env });
        input.value = value;
        inputs.set(f.key, input);
        return h('div', { class: 'field', 'data-key': f.key },
          h('label', { for: 'cfg-' + f.key, text: f.label }), input,
          f.hint ? h('div', { class: 'hint', text: f.hint }) : null,
          env ? h('div', { class: 'env-note', text: 'Set by ' + env + ' in the environment.' }) : null);
      };
      const byKey = (k) => field(FIELDS.find((f) => f.key === k));
      node.replaceChildren(
        h('div', { class: 'page-head' }, h('h1', { text: 'Settings' }), h('span', { class: 'spacer' }),
          h('span', { class: 'muted mono', text: config.file })),
        h('div', { class: 'panel' }, h('h2', { text: 'Semantic scene' }), byKey('semantic.enabled'),
          h('div', { class: 'grid2' }, byKey('semantic.model'), byKey('semantic.timeout_ms')), byKey('semantic.max_retries'),
          h('div', { class: 'field' }, h('span', { class: 'label', text: 'ANTHROPIC_API_KEY' }),
            h('div', {}, h('span', { class: 'badge ' + (config.anthropic_api_key === 'set' ? 'SUCCEEDED' : 'CANCELLED'), id: 'api-key', text: config.anthropic_api_key })),
            h('div', { class: 'hint', text: 'Read from the environment of the process that runs apex; never shown or stored here.' }))),
        h('div', { class: 'panel' }, h('h2', { text: 'World Runtime' }), byKey('world.enabled'), byKey('world.history_size')),
        h('div', { class: 'panel' }, h('h2', { text: 'Tasks and timeline' }),
          h('div', { class: 'grid2' }, byKey('max_steps'), byKey('screenshot_retention'))),
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
        if (value === getPath(loaded, f.key)) continue;
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
        const key = FIELDS.map((f) => f.key).find((k) => e.message.startsWith(k + ' '));
        const el = key && node.querySelector('.field[data-key="' + key + '"]');
        if (el) el.classList.add('invalid');
      }
      message.hidden = false;
    });

    api('/api/config').then(render).catch((e) => banner(e.message));
    return { node };
  }

  // ---------- start ----------

  window.addEventListener('hashchange', route);
  refreshStatus();
  connectEvents();
  route();
})();
