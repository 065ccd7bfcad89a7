// One recorded step: the screen before it and the screen after it, each with its scene's element
// boxes (hover or click one for its attributes and the flow step that taps it), the target
// outlined, timings, tokens, the world after it and the semantic scene.

import { h, fill, s, argsText, ms, tokens, cacheSaved, placeTip, locatorLine, INTERACTIVE } from './common.js';

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

// after: the screen after the step ({screenshot, scene, locators, semantic}), or {missing: why}.
export function stepDetail(step, controls, after) {
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

  const attrs = attributesPanel();
  const screens = screensPanel(step, after, attrs);
  const side = h('div', { class: 'side' },
    attrs.node,
    metrics,
    worldPanel(step.world),
    semanticPanel(step.semantic_scene),
    h('div', { class: 'panel' }, h('h3', { text: 'Raw' }),
      raw('Planned step', step.planned_step),
      raw('Result', step.result),
      raw('Scene (' + (step.scene ? step.scene.elements.length + ' elements' : 'none') + ')', step.scene),
      Object.keys(step.annotations || {}).length ? raw('Other annotations', step.annotations) : null));

  return [headPanel, h('div', { class: 'detail-grid' + (screens.landscape ? ' landscape' : '') }, screens.node, side)];
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

// Before | After: side by side for a phone; one at a time (a toggle) for a landscape screen, which
// then takes the page's width. The toggle's choice outlives the step shown.
let shown = 'before';
// The element clicked, kept while the same step is drawn again (its "after" arriving live).
let remembered = null;

function screensPanel(step, after, attrs) {
  const before = {
    role: 'before', screenshot: step.screenshot, scene: step.scene, locators: step.locators || {},
    semantic: step.semantic_scene, target: targetOf(step), tap: tapPoint(step),
    label: 'Before', alt: 'Screen before step ' + step.index,
  };
  const next = after && !after.missing ? Object.assign({ role: 'after', label: 'After', locators: {} }, after) : null;
  const dims = (step.scene || (next && next.scene)) || null;
  const landscape = !!dims && dims.width > dims.height;
  const panel = h('div', { class: 'panel screen-panel' + (landscape ? ' landscape' : ''), id: 'screen-panel' });
  const frames = h('div', { class: 'screens' + (landscape ? ' toggled' : ''), id: 'screens' });
  const selection = { rect: null, step: step.task_id + '/' + step.index };
  const beforeFrame = framed(before, attrs, selection);
  const afterFrame = next ? framed(next, attrs, selection)
    : h('div', { class: 'frame' }, h('div', { class: 'frame-label', text: 'After' }),
      withRatio(h('div', { class: 'screen no-after', id: 'after-missing', text: (after && after.missing) || 'No screen after this step.' }), dims));
  frames.append(beforeFrame, afterFrame);
  if (landscape) {
    const toggle = h('div', { class: 'segmented', id: 'before-after' });
    const show = (which) => {
      shown = which;
      beforeFrame.hidden = which !== 'before';
      afterFrame.hidden = which !== 'after';
      toggle.querySelectorAll('label').forEach((l) => l.classList.toggle('on', l.dataset.which === which));
    };
    for (const which of ['before', 'after']) {
      toggle.append(h('label', { 'data-which': which, id: 'show-' + which, text: which === 'before' ? 'Before' : 'After', onclick: () => show(which) }));
    }
    panel.append(h('div', { class: 'screens-head' }, toggle,
      h('span', { class: 'muted', text: 'the screen before the action, and after it' })));
    show(shown);
  }
  panel.append(frames, h('div', { class: 'legend' },
    h('span', {}, h('i', { class: 'l-tree' }), 'tree'),
    h('span', {}, h('i', { class: 'l-fused' }), 'tree + OCR'),
    h('span', {}, h('i', { class: 'l-ocr' }), 'OCR only'),
    h('span', {}, h('i', { class: 'l-target' }), 'step target'),
    h('span', { class: 'muted', text: step.scene ? step.scene.elements.length + ' elements · hover or click one for its attributes' : '' })));
  return { node: panel, landscape };
}

// The screen's width over its height, for the CSS that sizes it (set through the CSSOM: the
// console's CSP allows no style attribute).
function withRatio(el, scene) {
  if (scene && scene.width > 0 && scene.height > 0) el.style.setProperty('--ratio', (scene.width / scene.height).toFixed(4));
  return el;
}

function tapPoint(step) {
  const out = step.result && step.result.output;
  return out && typeof out === 'object' && Number.isFinite(out.x) && Number.isFinite(out.y) ? { x: out.x, y: out.y } : null;
}

// One screen with its boxes. The before screen keeps the ids the page always had (#screen,
// #screenshot, #boxes); the after screen's end in -after.
function framed(view, attrs, selection) {
  const suffix = view.role === 'before' ? '' : '-after';
  const scene = view.scene;
  const wrap = h('div', { class: 'frame ' + view.role }, h('div', { class: 'frame-label', text: view.label }));
  if (!view.screenshot && !scene) {
    wrap.append(h('div', { class: 'screen no-after', id: 'screen' + suffix, text: 'No screenshot or scene for this screen.' }));
    return wrap;
  }
  const frame = withRatio(h('div', { class: 'screen', id: 'screen' + suffix }), scene);
  if (view.screenshot) {
    frame.append(h('img', { src: view.screenshot, alt: view.alt || view.label, id: 'screenshot' + suffix }));
  } else {
    // No screenshot kept (retention): draw the boxes on a blank screen of the scene's size.
    const blank = s('svg', { class: 'blank', viewBox: '0 0 ' + scene.width + ' ' + scene.height, width: scene.width / 2, height: scene.height / 2 });
    blank.append(s('rect', { width: scene.width, height: scene.height, fill: '#1f2430' }));
    frame.append(blank);
  }
  const tip = h('div', { class: 'tip', hidden: true });
  frame.append(tip);
  if (scene) frame.append(overlay(view, suffix, tip, frame, attrs, selection));
  wrap.append(frame);
  if (!view.screenshot) wrap.append(h('div', { class: 'muted', text: 'The screenshot was not kept (retention).' }));
  return wrap;
}

function overlay(view, suffix, tip, frame, attrs, selection) {
  const scene = view.scene;
  const purposes = new Map();
  for (const w of (view.semantic && view.semantic.widgets) || []) {
    purposes.set(w.element_id || w.elementId, w.purpose);
  }
  const target = view.target || null;
  const layer = s('svg', { viewBox: '0 0 ' + scene.width + ' ' + scene.height, preserveAspectRatio: 'none', id: 'boxes' + suffix });
  const area = (e) => (e.bounds.right - e.bounds.left) * (e.bounds.bottom - e.bounds.top);
  const elements = scene.elements
    .filter((e) => e.bounds && e.bounds.right > e.bounds.left && e.bounds.bottom > e.bounds.top)
    .sort((a, b) => (a.id === target) - (b.id === target) || area(b) - area(a));
  const pad = Math.max(2, scene.width / 180);
  for (const e of elements) {
    const interactive = (e.flags || []).some((f) => INTERACTIVE.has(f));
    const b = e.bounds;
    if (e.id === target) {
      // A halo just outside the target, so its own pixels stay in view.
      layer.append(s('rect', { class: 'target-halo', x: b.left - pad, y: b.top - pad, width: b.right - b.left + 2 * pad, height: b.bottom - b.top + 2 * pad, rx: 6 }));
    }
    const rect = s('rect', {
      class: 'box ' + e.source + (interactive ? '' : ' passive') + (e.id === target ? ' target' : ''),
      x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top,
      rx: 4, 'data-id': e.id,
    });
    const about = {
      element: e, screen: view.label, purpose: purposes.get(e.id), target: e.id === target,
      locator: view.locators[e.id] || null,
    };
    rect.addEventListener('mouseenter', () => { showTip(tip, about); attrs.preview(about); });
    rect.addEventListener('mousemove', (ev) => placeTip(tip, frame, ev));
    rect.addEventListener('mouseleave', () => { tip.hidden = true; attrs.unpreview(); });
    const pin = () => {
      selection.rect = rect;
      rect.classList.add('selected');
      attrs.pin(about);
      remembered = { step: selection.step, role: view.role, id: e.id };
    };
    rect.addEventListener('click', () => {
      if (selection.rect) selection.rect.classList.remove('selected');
      if (selection.rect === rect) {
        selection.rect = null;
        remembered = null;
        attrs.pin(null);
        return;
      }
      pin();
    });
    layer.append(rect);
    if (remembered && remembered.step === selection.step && remembered.role === view.role && remembered.id === e.id) pin();
  }
  if (view.tap) {
    const on = elements.find((e) => e.id === target);
    const b = on && on.bounds;
    const inside = b && view.tap.x >= b.left && view.tap.x <= b.right && view.tap.y >= b.top && view.tap.y <= b.bottom;
    layer.append(tapMarker(view.tap, scene, inside ? b : null));
  }
  return layer;
}

// Where the step tapped, drawn so the tapped pixels stay visible: a small hollow ring at the point
// and, on a target element, ticks just outside its box that point at it (else a crosshair with a
// gap at its centre). Nothing is filled.
function tapMarker(p, scene, bounds) {
  const r = Math.max(6, scene.width / 70);
  const g = s('g', { class: 'tap-marker' });
  const line = (x1, y1, x2, y2) => g.append(s('line', { class: 'tap-cross', x1, y1, x2, y2 }));
  if (bounds) {
    const small = Math.max(3, Math.min(r * 0.5, (bounds.right - bounds.left) / 4, (bounds.bottom - bounds.top) / 4));
    g.append(s('circle', { class: 'tap-ring', cx: p.x, cy: p.y, r: small }));
    const gap = Math.max(3, scene.width / 120);
    line(p.x, bounds.top - gap - r, p.x, bounds.top - gap);
    line(p.x, bounds.bottom + gap, p.x, bounds.bottom + gap + r);
    line(bounds.left - gap - r, p.y, bounds.left - gap, p.y);
    line(bounds.right + gap, p.y, bounds.right + gap + r, p.y);
    return g;
  }
  g.append(s('circle', { class: 'tap-ring', cx: p.x, cy: p.y, r: r * 1.6 }));
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    line(p.x + dx * r * 0.6, p.y + dy * r * 0.6, p.x + dx * r * 2.4, p.y + dy * r * 2.4);
  }
  return g;
}

function showTip(tip, about) {
  const e = about.element;
  const b = e.bounds;
  fill(tip,
    h('div', { class: 'tip-id', text: e.id }),
    h('div', { class: 'tip-text', text: e.text ? '“' + e.text + '”' : '(no text)' }),
    about.purpose ? h('div', { class: 'tip-purpose', text: about.purpose }) : null,
    h('div', { class: 'tip-meta', text: [e.resourceId, e.type, e.source, (e.flags || []).join(' ').toLowerCase(), '[' + b.left + ',' + b.top + '][' + b.right + ',' + b.bottom + ']'].filter(Boolean).join(' · ') }),
    about.target ? h('div', { class: 'tip-purpose', text: 'target of this step' }) : null);
  tip.hidden = false;
}

// The element attributes panel: the element clicked (pinned), else the one under the pointer.
function attributesPanel() {
  const node = h('div', { class: 'panel', id: 'attributes' });
  let pinned = null;
  const empty = () => fill(node, h('h3', { text: 'Element' }),
    h('div', { class: 'muted', id: 'attributes-empty', text: 'Click an element box (or hover one) to see its attributes and the flow step that taps it.' }));
  const show = (about) => {
    const e = about.element;
    const b = e.bounds;
    const flags = (e.flags || []).map((f) => f.toLowerCase());
    const line = locatorLine(about.locator, b);
    const code = h('code', { class: 'locator', id: 'attr-locator', text: line });
    const status = h('span', { class: 'muted', id: 'copy-status' });
    const copy = h('button', { class: 'btn small', id: 'copy-locator', text: 'Copy', onclick: () => copyText(line, code, status) });
    const row = (key, label, value, cls) => h('tr', { 'data-key': key }, h('th', { text: label }), h('td', { class: cls || '', text: value }));
    fill(node, h('h3', {}, 'Element', h('span', { class: 'attr-screen', text: ' · ' + about.screen + (pinned ? ' · selected' : ' · hover') })),
      h('table', { class: 'attrs', id: 'attrs' }, h('tbody', {},
        row('id', 'Id', e.id, 'mono'),
        row('resource_id', 'Resource id', e.resourceId || '—', 'mono'),
        row('text', 'Text', e.text || '—'),
        row('kind', 'Kind', e.type || '—', 'mono'),
        row('state', 'State', flags.length ? flags.join(', ') : 'no flags', 'mono'),
        row('bounds', 'Bounds', '[' + b.left + ',' + b.top + '][' + b.right + ',' + b.bottom + '] · ' + (b.right - b.left) + '×' + (b.bottom - b.top), 'mono'),
        row('source', 'Source', e.source + ' · confidence ' + Number(e.confidence).toFixed(2)),
        row('purpose', 'Purpose', about.purpose || '— (no semantic label)'),
        about.target ? row('target', 'Step', 'target of this step') : null)),
      h('div', { class: 'locator-row' }, code, copy, status),
      about.locator ? null : h('div', { class: 'muted', text: 'No resource id or text finds this element alone on this screen: a flow can only tap it by position.' }));
  };
  empty();
  return {
    node,
    pin(about) { pinned = about; if (about) show(about); else empty(); },
    preview(about) { if (!pinned) show(about); },
    unpreview() { if (!pinned) empty(); },
  };
}

async function copyText(text, code, status) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    status.textContent = 'copied';
  } catch (e) {
    // No clipboard here (an insecure origin, a refused permission): select it for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents(code);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    status.textContent = 'selected: press Ctrl+C to copy';
  }
}
