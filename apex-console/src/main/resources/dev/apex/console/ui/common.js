// Shared by every page: DOM building, the JSON API, formatting. Data always goes in as text or
// attributes, never as HTML.

export const INTERACTIVE = new Set(['CLICKABLE', 'LONG_CLICKABLE', 'CHECKABLE', 'EDITABLE', 'SCROLLABLE']);

const SVG_NS = 'http://www.w3.org/2000/svg';

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// Like el.replaceChildren, skipping absent parts (null, undefined, false).
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

export function s(tag, attrs) {
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

export async function api(path, options = {}) {
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
  if (res.status === 503 && body && typeof body.timeline === 'string') {
    timelineTrouble();
  }
  if (!res.ok) {
    const error = new Error((body && body.error) || res.status + ' ' + res.statusText);
    error.status = res.status;
    error.body = body;
    throw error;
  }
  return body;
}

// A 403 for a web origin the settings do not allow asks the person: the refusal, then Allow (which
// calls allow(origin), sending the request again with allow_origin for that one request) and
// Refuse. Returns whether it asked; otherwise the caller shows the error as usual.
export function askOrigin(box, e, idPrefix, allow) {
  const origin = e && e.status === 403 && e.body && typeof e.body.origin === 'string' ? e.body.origin : null;
  if (!origin) return false;
  const allowButton = h('button', { type: 'button', class: 'btn small primary', id: idPrefix + 'allow-origin', text: 'Allow ' + origin });
  const refuseButton = h('button', { type: 'button', class: 'btn small', id: idPrefix + 'refuse-origin', text: 'Refuse' });
  allowButton.onclick = () => { box.hidden = true; allow(origin); };
  refuseButton.onclick = () => { box.replaceChildren(h('div', { text: 'Not opened: ' + origin + ' was refused.' })); };
  box.replaceChildren(h('div', { text: e.message }), h('div', { class: 'row-actions' }, allowButton, refuseButton));
  box.hidden = false;
  return true;
}

export function banner(text) {
  // While the timeline is unreachable its own banner says so; a page's failed read adds nothing.
  if (text && timelineDown && /unreachable/.test(text)) return;
  const el = document.getElementById('banner');
  el.textContent = text;
  el.hidden = !text;
}

export function badge(status) {
  return h('span', { class: 'badge ' + status, 'data-status': status, text: status.replace('_', ' ') });
}

export function ms(value) {
  if (value === null || value === undefined) return '—';
  if (value < 1) return '<1 ms';
  if (value < 1000) return Math.round(value) + ' ms';
  return (value / 1000).toFixed(value < 10000 ? 2 : 1) + ' s';
}

export function ago(iso) {
  if (!iso) return '—';
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return Math.round(seconds) + ' s ago';
  if (seconds < 3600) return Math.round(seconds / 60) + ' min ago';
  if (seconds < 86400) return Math.round(seconds / 3600) + ' h ago';
  return new Date(iso).toLocaleString();
}

export function elapsed(task) {
  if (!task.started_at) return '—';
  const end = task.ended_at ? Date.parse(task.ended_at) : Date.now();
  return ms(end - Date.parse(task.started_at));
}

export function argsText(args) {
  if (!args) return '';
  const parts = Object.entries(args).map(([k, v]) => k + ': ' + (typeof v === 'string' ? v : JSON.stringify(v)));
  return parts.join(', ');
}

// Token counts from an llm_usage annotation, whatever its exact shape (one call or a list of
// calls; snake_case or camelCase keys).
export function tokens(usage) {
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

// What the label caches saved over some steps: one call per step labelled from a cache, and the
// tokens the original labelling calls used (each step's label_cache.saved).
export function cacheSaved(steps) {
  const saved = { calls: 0, tokens: 0 };
  for (const step of steps) {
    if (!step.label_cache) continue;
    const t = tokens(step.label_cache.saved);
    saved.calls++;
    saved.tokens += t.input + t.output;
  }
  return saved;
}

let status = null;

/** The console's status, refreshed; also updates the header (version, devices, New task). */

export async function refreshStatus() {
  try {
    status = await api('/api/status');
    document.getElementById('version').textContent = 'v' + status.version;
    document.getElementById('devices').textContent =
      status.devices.length ? 'devices: ' + status.devices.join(', ') : 'no device reachable';
    document.getElementById('nav-new').hidden = !status.can_start_tasks;
    if (status.timeline) timelineState(status.timeline);
  } catch (e) {
    /* the banner already says what to do */
  }
  return status;
}

// The timeline's state (the status's and the event stream's "timeline"): while it is unreachable
// a banner says so and the status is read again every TIMELINE_RETRY_MS; the first answer that
// finds it reachable removes the banner and tells the onTimelineBack listeners (the page reloads).
const TIMELINE_RETRY_MS = 2000;
let timelineDown = false;
let timelineRetry = null;
const timelineBack = new Set();

export function onTimelineBack(listener) {
  timelineBack.add(listener);
}

export function timelineState(timeline) {
  const el = document.getElementById('timeline-banner');
  if (!timeline.reachable) {
    const since = timeline.unreachable_since ? ' since ' + new Date(timeline.unreachable_since).toLocaleTimeString() : '';
    el.textContent = 'timeline unreachable: ' + timeline.location + since +
      (timeline.reason ? ' (' + timeline.reason + ')' : '') + ', retrying';
    el.hidden = false;
    timelineDown = true;
    timelineTrouble();
    return;
  }
  el.hidden = true;
  el.textContent = '';
  if (timelineDown) {
    timelineDown = false;
    const generic = document.getElementById('banner');
    if (/unreachable/.test(generic.textContent)) banner('');
    timelineBack.forEach((l) => l());
  }
}

// Something failed because the timeline is unreachable: read the status again soon (once queued).
function timelineTrouble() {
  if (timelineRetry) return;
  timelineRetry = setTimeout(() => {
    timelineRetry = null;
    refreshStatus();
  }, TIMELINE_RETRY_MS);
}

// Places a hover tip next to the pointer, inside its frame (the inspector's screen).
export function placeTip(tip, frame, ev) {
  const box = frame.getBoundingClientRect();
  let x = ev.clientX - box.left + 14;
  let y = ev.clientY - box.top + 14;
  if (x + tip.offsetWidth > box.width) x = Math.max(4, ev.clientX - box.left - tip.offsetWidth - 10);
  if (y + tip.offsetHeight > box.height) y = Math.max(4, ev.clientY - box.top - tip.offsetHeight - 10);
  tip.style.left = x + 'px';
  tip.style.top = y + 'px';
}

// The flow step that taps an element, as a flow file would hold it: the locator the server
// computed by the recorder's rule, else the element's centre.
export function locatorLine(locator, bounds) {
  if (locator && Object.keys(locator).length) {
    return 'tap: { ' + Object.entries(locator).map(([k, v]) => k + ': ' + JSON.stringify(v)).join(', ') + ' }';
  }
  const x = Math.round((bounds.left + bounds.right) / 2);
  const y = Math.round((bounds.top + bounds.bottom) / 2);
  return 'tap: { x: ' + x + ', y: ' + y + ' }';
}
