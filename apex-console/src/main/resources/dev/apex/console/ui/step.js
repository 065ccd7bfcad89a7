// One recorded step: its screenshot with the scene's element boxes (hover for details), the
// target highlighted, timings, tokens, the world after it and the semantic scene.

import { h, fill, s, argsText, ms, tokens, cacheSaved, INTERACTIVE } from './common.js';

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

export function stepDetail(step, controls) {
  const args = step.planned_step.args || {};
  const usage = tokens(step.llm_usage);
  const headPanel = h('div', { class: 'panel detail-head' },
    h('span', { class: 'title', text: 'Step ' + step.index }),
    h('span', { class: 'mono', text: step.action }),
    h('span', { class: 'args', text: argsText(args) }),
    h('span', { class: 'badge ' + (step.success ? 'SUCCEEDED' : 'FAILED'), text: step.success ? 'OK' : 'FAILED' }),
    h('span', { class: 'spacer' }),
    controls,
    step.error ? h('div', { class: 'step-error', text: step.error }) : null,
    step.replay ? h('div', { class: 'replay-note ' + step.replay.kind, text: (step.replay.kind === 'healed' ? 'Healed: planned by the model ' : 'Screen drift: ') + step.replay.note }) : null);

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
      metric('attempts', (step.result && step.result.attempts) || 1)),
    labelCacheMetrics(step));

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

// A step whose labels came from a label cache: which one, and what that saved.
function labelCacheMetrics(step) {
  if (!step.label_cache) return null;
  const saved = cacheSaved([step]);
  return h('div', { class: 'metrics', id: 'label-cache' },
    metric('labels from', step.label_cache.level + ' cache'),
    metric('calls saved', saved.calls),
    metric('tokens saved', saved.tokens));
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
