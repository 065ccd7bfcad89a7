// The suite runs (apex test): one row per suite id, its tasks counted by how they ended; a row
// opens the task list filtered to that suite (#/?suite=ID). Live as the task list is: a task
// starting or ending reloads the list (debounced), and so does the event stream reconnecting.

import { h, api, banner, ago, ms } from './common.js';

function duration(suite) {
  if (!suite.started_at) return '—';
  const end = suite.ended_at ? Date.parse(suite.ended_at) : Date.now();
  return ms(end - Date.parse(suite.started_at));
}

function count(kind, n) {
  return h('td', { class: 'num count ' + kind + (n ? '' : ' zero'), 'data-count': kind, text: n });
}

export function suitesPage() {
  const limit = 20;
  const tbody = h('tbody');
  const node = h('section', {},
    h('div', { class: 'page-head' }, h('h1', { text: 'Suites' })),
    h('div', { class: 'panel' },
      h('table', { class: 'tasks', id: 'suites' },
        h('thead', {}, h('tr', {},
          h('th', { text: 'Suite' }), h('th', { text: 'Started' }), h('th', { text: 'Duration' }),
          h('th', { text: 'Passed' }), h('th', { text: 'Failed' }), h('th', { text: 'Cancelled' }),
          h('th', { text: 'Running' }), h('th', { text: 'Hosts' }))),
        tbody)));

  function suiteRow(suite) {
    const hosts = suite.hosts.length ? suite.hosts.join(', ') : '—';
    return h('tr', { 'data-suite': suite.id, onclick: () => { location.hash = '#/?suite=' + encodeURIComponent(suite.id); } },
      h('td', {}, h('a', { class: 'mono', href: '#/?suite=' + encodeURIComponent(suite.id), text: suite.id }),
        h('div', { class: 'muted', text: suite.tasks + ' task(s)' })),
      h('td', { class: 'muted', text: ago(suite.started_at), title: suite.started_at || '' }),
      h('td', { class: 'num muted', text: duration(suite), title: suite.ended_at ? 'ended ' + suite.ended_at : 'still running' }),
      count('passed', suite.passed), count('failed', suite.failed),
      count('cancelled', suite.cancelled), count('running', suite.running),
      h('td', { class: 'mono host', text: hosts, title: hosts }));
  }

  let timer = null;
  async function load() {
    const page = await api('/api/suites?limit=' + limit);
    tbody.replaceChildren(...(page.suites.length ? page.suites.map(suiteRow)
      : [h('tr', {}, h('td', { colspan: 8, class: 'empty',
        text: 'No suite runs yet. Run apex test with this timeline (--db): each run shows up here live.' }))]));
  }

  load().catch((e) => banner(e.message));
  return {
    node,
    on(type) {
      if (type !== 'task_started' && type !== 'task_finished') return;
      clearTimeout(timer);
      timer = setTimeout(() => load().catch(() => {}), 150);
    },
    resync() { load().catch(() => {}); },
    dispose() { clearTimeout(timer); },
  };
}
