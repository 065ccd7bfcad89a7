// apex console UI: plain JS modules, no build step. Talks to the console's JSON API with the
// session cookie and follows /api/events (server-sent events) to update while tasks run.

import { refreshStatus, timelineState, onTimelineBack } from './common.js';
import { configPage, newTaskPage, tasksPage } from './pages.js';
import { taskPage } from './task.js';
import { suitesPage } from './suites.js';
import { inspectorPage } from './inspector.js';

const view = document.getElementById('view');

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
  source.addEventListener('timeline', (event) => timelineState(JSON.parse(event.data)));
  for (const type of ['task_started', 'step', 'task_finished', 'confirmation_needed', 'confirmation_resolved']) {
    source.addEventListener(type, (event) => {
      const data = JSON.parse(event.data);
      listeners.forEach((l) => l.on && l.on(type, data));
    });
  }
}

let current = null;

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
  } else if (path === '/suites') {
    current = suitesPage();
    name = 'suites';
  } else if (path === '/new') {
    current = newTaskPage();
    name = 'new';
  } else if (path === '/inspect') {
    current = inspectorPage();
    name = 'inspect';
  } else if (path === '/config') {
    current = configPage();
    name = 'config';
  } else {
    current = tasksPage(Number(params.get('offset')) || 0, params);
  }
  document.querySelectorAll('.nav a').forEach((a) => a.classList.toggle('active', a.dataset.nav === name));
  listeners.add(current);
  view.replaceChildren(current.node);
}

window.addEventListener('hashchange', route);
onTimelineBack(() => listeners.forEach((l) => l.resync && l.resync()));
refreshStatus();
connectEvents();
route();
