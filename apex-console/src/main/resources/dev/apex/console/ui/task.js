// One task: its steps as they arrive (live over the event stream), playback, and cancel.

import { h, fill, api, banner, badge, ms, ago, elapsed, argsText, tokens, cacheSaved } from './common.js';
import { stepDetail } from './step.js';

export function taskPage(id, wanted) {
  let task = null;
  let steps = [];
  // The screen after the last step (the steps answer's final_observation), once recorded.
  let finalObs = null;
  let rendered = null; // the task's status when the step view was last drawn
  let selected = wanted;
  let follow = wanted === null;
  const head = h('div', { class: 'panel task-head', id: 'task-head' });
  const list = h('ol', { class: 'steps panel', id: 'steps' });
  const detail = h('div', { class: 'detail', id: 'step-detail' });
  // The confirm banner: shown while the task waits for a person to allow a sensitive action.
  const confirmBox = h('div', { class: 'confirm-box', id: 'confirmation', hidden: true });
  const node = h('section', {}, head, confirmBox, h('div', { class: 'task-body' }, list, detail));

  function showConfirmation(pending) {
    if (!pending) {
      confirmBox.hidden = true;
      confirmBox.replaceChildren();
      return;
    }
    const answer = (allow) => async (event) => {
      confirmBox.querySelectorAll('button').forEach((b) => { b.disabled = true; });
      try {
        await api('/api/tasks/' + id + '/confirmation', { method: 'POST', body: { allow, id: pending.id } });
        showConfirmation(null);
      } catch (e) {
        banner(e.message);
        refreshConfirmation();
      }
    };
    // The target is screen text: shown as text only.
    fill(confirmBox,
      h('div', { class: 'confirm-text' }, h('b', { text: 'The task asks to: ' }),
        h('span', { class: 'mono', id: 'confirmation-text', text: pending.description })),
      h('div', { class: 'row-actions' },
        h('button', { class: 'btn primary small', id: 'confirm-allow', text: 'Allow', onclick: answer(true) }),
        h('button', { class: 'btn danger small', id: 'confirm-refuse', text: 'Refuse', onclick: answer(false) }),
        h('span', { class: 'muted', text: 'Refused on its own if nobody answers.' })));
    confirmBox.hidden = false;
  }

  async function refreshConfirmation() {
    if (!task || task.status !== 'RUNNING' || !task.cancellable) { showConfirmation(null); return; }
    const body = await api('/api/tasks/' + id + '/confirmation');
    showConfirmation(body.pending ? body.confirmation : null);
  }

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
        h('span', { id: 'task-status' }, badge(task.status)), h('span', { class: 'spacer' }),
        h('a', { class: 'btn small', id: 'download-report', href: '/api/tasks/' + id + '/report', download: 'apex-report-' + id + '.html',
          title: 'One HTML file with every step, its screenshot and boxes; opens offline', text: 'Download report' }), cancel),
      h('div', { class: 'facts' },
        h('span', {}, 'Task ', h('b', { class: 'mono', text: task.id })),
        h('span', {}, 'Device ', h('b', { class: 'mono', text: task.device })),
        task.suite_id ? h('span', {}, 'Suite ', h('a', { class: 'mono', id: 'task-suite',
          href: '#/?suite=' + encodeURIComponent(task.suite_id), text: task.suite_id })) : null,
        task.runner ? h('span', {}, 'Runner ', h('b', { class: 'mono', id: 'task-runner', text: task.runner })) : null,
        h('span', {}, 'Steps ', h('b', { id: 'task-steps', text: task.steps })),
        h('span', {}, 'Label cache saved ', h('b', { id: 'task-label-cache', text: savedText() })),
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

  function replayLabel(mark) {
    return mark.kind === 'healed' ? 'healed · flow step ' + mark.flow_step : 'screen drift';
  }

  // What the label caches saved over the steps shown so far.
  function savedText() {
    const saved = cacheSaved(steps);
    return saved.calls ? saved.calls + ' call' + (saved.calls === 1 ? '' : 's') + ' · ' + saved.tokens + ' tok' : 'nothing';
  }

  function stepItem(step, fresh) {
    const usage = tokens(step.llm_usage);
    const sub = [ms(step.timings_ms.total)];
    if (usage.input || usage.output) sub.push((usage.input + usage.output) + ' tok');
    if (step.label_cache) sub.push('labels cached');
    const args = argsText(step.planned_step.args);
    return h('li', {
      class: 'step-item' + (step.success ? '' : ' failed') + (fresh ? ' new' : '') + (step.index === selected ? ' selected' : ''),
      'data-index': step.index,
      onclick: () => { follow = step.index === lastIndex(); select(step.index); },
    },
    h('span', { class: 'idx', text: step.index }),
    h('span', { class: 'act', text: step.action }),
    step.replay ? h('span', { class: 'badge replay ' + step.replay.kind, text: replayLabel(step.replay), title: step.replay.note }) : null,
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
      // Whoever is looking at the newest step keeps looking at the newest step.
      const atNewest = selected === null || selected === lastIndex();
      steps.push(step);
      const old = list.querySelector('#waiting');
      if (old) old.remove();
      list.append(stepItem(step, true), waiting());
      if (follow || atNewest || step.index === selected) select(step.index); // or the step asked for just arrived
    }
    const saved = document.getElementById('task-label-cache');
    if (saved) saved.textContent = savedText();
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
    detail.replaceChildren(...stepDetail(step, player(step), afterOf(step)));
  }

  // The screen after a step: the next step's (observed before it), the final observation for the
  // last step, else why there is none yet.
  function afterOf(step) {
    const i = steps.findIndex((st) => st.index === step.index);
    const next = steps[i + 1];
    if (next) {
      return { screenshot: next.screenshot, scene: next.scene, locators: next.locators, semantic: next.semantic_scene, alt: 'Screen after step ' + step.index + ' (before step ' + next.index + ')' };
    }
    if (finalObs && finalObs.after_step === step.index) {
      return { screenshot: finalObs.screenshot, scene: finalObs.scene, locators: finalObs.locators, semantic: null, alt: 'Screen after the last step' };
    }
    if (task && task.status === 'RUNNING') {
      return { missing: 'No “after” yet: the task is still running. It shows once the next screen is observed.' };
    }
    return { missing: 'No screen was recorded after this step.' };
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
    finalObs = body.final_observation || null;
    renderHead();
    renderList();
    rendered = task.status;
    select(selected === null ? lastIndex() : selected);
    // Events that arrived while the first load was in flight were dropped (there was no task to
    // add them to): fetch whatever was recorded since, so no step is missed.
    await resync();
  }

  async function resync() {
    if (!task) return;
    const body = await api('/api/tasks/' + id + '/steps?after=' + lastIndex());
    task = body.task;
    renderHead();
    const hadFinal = finalObs;
    const wasRunning = rendered === 'RUNNING';
    finalObs = body.final_observation || null;
    addSteps(body.steps);
    rendered = task.status;
    // The last step's "after" is the final observation, known once the task ends.
    if ((finalObs && !hadFinal) || (wasRunning && task.status !== 'RUNNING')) {
      if (selected === lastIndex()) select(selected);
    }
    if (task.status !== 'RUNNING') { const w = list.querySelector('#waiting'); if (w) w.hidden = true; }
    await refreshConfirmation();
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
      } else if (type === 'confirmation_needed' && data.task_id === id) {
        showConfirmation(data);
      } else if (type === 'confirmation_resolved' && data.task_id === id) {
        showConfirmation(null);
      } else if ((type === 'task_finished' || type === 'task_started') && data.id === id) {
        task = Object.assign(task, data);
        renderHead();
        if (type === 'task_finished') {
          showConfirmation(null);
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
