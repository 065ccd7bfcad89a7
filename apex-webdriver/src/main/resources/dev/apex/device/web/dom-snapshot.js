// One pass over the DOM that returns the page's interactive and text elements with their boxes,
// as the WEB_JSON tree format (see dev.apex.perception.web.WebTreeParser). Runs as the body of a
// WebDriver "execute script" call; returns [json, innerWidth, innerHeight, devicePixelRatio].
//
// Speed: it only reads (getComputedStyle, getBoundingClientRect, scroll sizes) and never writes
// to the DOM, so the browser lays the page out at most once for the whole walk.
// Compactness: layout-only elements are not emitted (their children move up), inline text is
// collapsed into its nearest emitted block, and a clickable element absorbs the text of its
// non-interactive descendants.
// What counts as interactive: native controls, widget roles, tabindex >= 0, the outermost element
// of a cursor:pointer subtree, SVG links and shapes that do any of that, and elements with a click
// handler (an onclick attribute or property, or a pointer listener that addEventListener recorded
// in window.__apexActs, which the browser surface installs at document start where it can; see
// ActListeners). A handler alone does not make a container of two or more emitted nodes
// clickable: that is event delegation (a list's click listener), and its items stay separate.
// An interactive element whose centre the page's own hit test gives to another element (a modal's
// backdrop, an overlay) is left out, with its text: it cannot be tapped there.
// Clipped: an element whose centre lies outside the visible part of a scrolling ancestor (an
// overflow:auto box, a <select multiple>) is emitted with "clip" (at most MAX_CLIPPED of them) and
// remembered in window.__apexClipped, so the device can scroll it into view before acting on it.
// Hoverable: an element with a mouseenter/mouseover/pointerenter/pointerover listener (recorded in
// window.__apexHovers by ActListeners) or matched by the part before ":hover" of a CSS rule that
// shows something else on hover ("nav li:hover > ul") is emitted with "hover".
const MAX_TEXT = 400;
const MAX_OPTIONS = 30;
const MAX_CLIPPED = 60;
const MAX_HOVER_RULES = 4000;
const vw = window.innerWidth;
const vh = window.innerHeight;
const dpr = window.devicePixelRatio || 1;
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE',
  'DESC', 'DEFS', 'CLIPPATH', 'MASK', 'SYMBOL', 'MARKER', 'LINEARGRADIENT', 'RADIALGRADIENT',
  'PATTERN', 'FILTER', 'METADATA']);
const acts = window.__apexActs;
const hovers = window.__apexHovers;
const clippedSeen = [];
let clippedLeft = MAX_CLIPPED;
const hoverRuled = hoverTargets();

// The elements a CSS rule reveals something under when the pointer is over them: for each
// selector with ":hover" followed by a combinator and more ("nav li:hover > ul"), the elements
// its part before the combinator matches ("nav li"). Cross-origin sheets cannot be read; skipped.
function hoverTargets() {
  const out = new Set();
  let budget = MAX_HOVER_RULES;
  const visit = rules => {
    for (const r of rules) {
      if (--budget < 0) return;
      if (r.cssRules && !r.selectorText) { visit(r.cssRules); continue; }
      const sel = r.selectorText;
      if (!sel || sel.indexOf(':hover') < 0) continue;
      for (const one of sel.split(',')) {
        const at = one.indexOf(':hover');
        if (at < 0) continue;
        const after = one.slice(at + 6);
        const own = after.match(/^[^\s>+~]*/)[0];
        if (!/^\s*[\s>+~]\s*\S/.test(after.slice(own.length))) continue;
        const target = (one.slice(0, at) + own).replace(/:hover/g, '').trim() || '*';
        try {
          for (const el of document.querySelectorAll(target)) out.add(el);
        } catch (e) { /* a selector this browser cannot query */ }
      }
    }
  };
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch (e) { continue; }
    if (rules) visit(rules);
  }
  return out;
}

// Whether el scrolls its content in a box of its own (not the page): its children are clipped to it.
function scrollBox(el, tag, st) {
  if (tag === 'SELECT') return el.multiple || el.size > 1;
  return (st.overflowY === 'auto' || st.overflowY === 'scroll')
      && el.scrollHeight > el.clientHeight + 1
    || (st.overflowX === 'auto' || st.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
}

// The visible part of el's box that its content shows through, intersected with the clip above.
function innerClip(el, clip) {
  const r = el.getBoundingClientRect();
  const left = r.left + el.clientLeft, top = r.top + el.clientTop;
  const box = {left, top, right: left + el.clientWidth, bottom: top + el.clientHeight};
  if (!clip) return box;
  return {left: Math.max(box.left, clip.left), top: Math.max(box.top, clip.top),
    right: Math.min(box.right, clip.right), bottom: Math.min(box.bottom, clip.bottom)};
}

// Whether el's centre is not inside the clip (on its edge counts as outside: a tap there may miss).
function outside(rect, clip) {
  if (!clip) return false;
  const cx = (rect.left + rect.right) / 2, cy = (rect.top + rect.bottom) / 2;
  return cx <= clip.left || cx >= clip.right || cy <= clip.top || cy >= clip.bottom;
}
const CLICK_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'tab', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'radio', 'option', 'treeitem', 'combobox', 'slider',
  'spinbutton']);
const CHECK_ROLES = new Set(['checkbox', 'switch', 'radio', 'menuitemcheckbox', 'menuitemradio']);
const NOT_TEXT_INPUT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file',
  'range', 'color', 'hidden']);
const INPUT_ROLES = {checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button',
  reset: 'button', image: 'button', range: 'slider', number: 'spinbutton', search: 'searchbox'};
const TAG_ROLES = {BUTTON: 'button', TEXTAREA: 'textbox', IMG: 'img', SUMMARY: 'button',
  OPTION: 'option', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading',
  H6: 'heading', DIALOG: 'dialog'};
const active = document.activeElement;

function collapse(s) {
  s = s.replace(/\s+/g, ' ').trim();
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT - 1) + '\u2026' : s;
}

// CSS pixels rounded to the nearest screenshot pixel: finer is noise, and digits cost tokens.
function px(v) {
  return Math.round(Math.round(v * dpr) / dpr * 100) / 100;
}

function hasHref(el) {
  return el.hasAttribute('href') || el.hasAttribute('xlink:href');
}

function implicitRole(el, tag) {
  if (tag === 'A') return hasHref(el) ? 'link' : null;
  if (tag === 'INPUT') return INPUT_ROLES[el.type] || 'textbox';
  if (tag === 'SELECT') return el.multiple ? 'listbox' : 'combobox';
  return TAG_ROLES[tag] || null;
}

// A name for an element without visible text: aria-label, aria-labelledby, title (an SVG
// element's <title> child), alt, its <label> (for= or wrapping, without the control's own text),
// placeholder, then the form name.
function labelOf(el) {
  let label = el.getAttribute('aria-label');
  if (label && label.trim()) return collapse(label);
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const parts = by.split(/\s+/).map(id => document.getElementById(id))
      .filter(x => x).map(x => x.textContent);
    if (parts.length && collapse(parts.join(' '))) return collapse(parts.join(' '));
  }
  label = el.getAttribute('title');
  if (!label && el instanceof SVGElement) {
    const t = [...el.children].find(c => c.tagName.toUpperCase() === 'TITLE');
    if (t) label = t.textContent;
  }
  if (label && label.trim()) return collapse(label);
  label = el.getAttribute('alt');
  if (label && label.trim()) return collapse(label);
  if (el.labels && el.labels.length) {
    label = collapse(textBesides(el.labels[0], el));
    if (label) return label;
  }
  return collapse(el.getAttribute('placeholder') || el.getAttribute('name') || '');
}

// The text under node, leaving out control's subtree (a wrapping label's own select options).
function textBesides(node, control) {
  if (node === control) return '';
  if (node.nodeType === 3) return node.nodeValue;
  let out = '';
  for (const k of node.childNodes) out += textBesides(k, control);
  return out;
}

// The emitted node; false and empty fields are left out to keep the JSON small.
function makeNode(el, tag, role, rect) {
  const n = {tag: tag.toLowerCase()};
  if (role) n.role = role;
  const label = labelOf(el);
  if (label) n.label = label;
  const ph = el.getAttribute('placeholder');
  if (ph) n.placeholder = collapse(ph);
  if (el.id) n.id = el.id;
  const name = el.getAttribute('name');
  if (name) n.name = name;
  if (tag === 'INPUT' && el.type) n.type = el.type;
  if (tag === 'TEXTAREA' || el.getAttribute('aria-multiline') === 'true') n.multiline = true;
  n.box = [px(rect.left), px(rect.top), px(rect.width), px(rect.height)];
  if (rect.bottom <= 0 || rect.top >= vh || rect.right <= 0 || rect.left >= vw) n.off = true;
  if (el === active && el !== document.body) n.focused = true;
  if (el.disabled || el.getAttribute('aria-disabled') === 'true') n.disabled = true;
  if (el.getAttribute('aria-selected') === 'true' || (tag === 'OPTION' && el.selected)) {
    n.selected = true;
  }
  return n;
}

// Whether el is in a drop-down <select> (not a list box), whose options have no box of their own.
function dropDown(el, tag) {
  return tag === 'SELECT' && !el.multiple && !(el.size > 1);
}

// Whether another element takes a tap at the centre of el's part in the viewport (and in the
// visible part of its scrolling ancestors, clip), by the page's
// own hit test (in el's shadow root, if any). Its descendants, its labels and its ancestors (an
// element with pointer-events: none passes the tap to its parent) do not count; neither does a
// point outside the viewport, which the hit test cannot see.
function covered(el, tag, rect, clip) {
  let left = Math.max(rect.left, 0), right = Math.min(rect.right, vw);
  let top = Math.max(rect.top, 0), bottom = Math.min(rect.bottom, vh);
  if (clip) {
    left = Math.max(left, clip.left); right = Math.min(right, clip.right);
    top = Math.max(top, clip.top); bottom = Math.min(bottom, clip.bottom);
  }
  if (right <= left || bottom <= top) return false;
  const root = el.getRootNode();
  const hit = (root.elementFromPoint ? root : document).elementFromPoint(
      (left + right) / 2, (top + bottom) / 2);
  if (!hit || hit === el || el.contains(hit)) return false;
  if (hit !== document.body && hit !== document.documentElement && hit.contains(el)) return false;
  if (el.labels && [...el.labels].some(l => l === hit || l.contains(hit))) return false;
  if (tag === 'OPTION' && hit === el.closest('select')) return false;
  return true;
}

// Returns {nodes, text, block}: the emitted nodes of this subtree, the text that floats up to the
// nearest emitted block, and whether this element breaks the line (so texts are not glued).
function walk(el, parentCursor, clip) {
  const tag = el.tagName.toUpperCase();
  if (SKIP.has(tag)) return null;
  const st = getComputedStyle(el);
  if (st.display === 'none' || st.opacity === '0') return null;
  const inline = st.display === 'inline' || st.display === 'contents';
  const shown = st.visibility === 'visible';
  let role = el.getAttribute('role');
  // A presentational role on a focusable element is ignored, as browsers do (jQuery UI's tab <a>).
  if (role === 'presentation' || role === 'none') role = null;
  role = role || implicitRole(el, tag);
  let nodes = [];
  let text = '';
  const boxScrolls = el !== document.body && el !== document.documentElement
    && scrollBox(el, tag, st);
  const childClip = boxScrolls ? innerClip(el, clip) : clip;
  if (tag === 'IFRAME' || tag === 'CANVAS' || tag === 'VIDEO' || dropDown(el, tag)) {
    // Leaves: their insides are not DOM text a user reads, not reachable from here, or (a
    // drop-down's options) listed on the node itself.
  } else {
    const kids = el.shadowRoot ? el.shadowRoot.childNodes
      : tag === 'SLOT' && el.assignedNodes({flatten: true}).length
        ? el.assignedNodes({flatten: true}) : el.childNodes;
    for (const k of kids) {
      if (k.nodeType === 3) {
        text += k.nodeValue;
      } else if (k.nodeType === 1) {
        if (k.tagName === 'BR') { text += ' '; continue; }
        const r = walk(k, st.cursor, childClip);
        if (!r) continue;
        for (const n of r.nodes) nodes.push(n);
        text += r.block ? ' ' + r.text + ' ' : r.text;
      }
    }
  }
  // Interactivity heuristics.
  const editable = (tag === 'INPUT' && !NOT_TEXT_INPUT.has(el.type)) || tag === 'TEXTAREA'
    || el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
  const checkable = (tag === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio'))
    || CHECK_ROLES.has(role);
  const tabindex = el.getAttribute('tabindex');
  const handler = el.onclick != null || el.hasAttribute('onclick')
    || (acts !== undefined && acts.has(el));
  const clickable = !editable && (tag === 'BUTTON' || tag === 'SELECT' || tag === 'SUMMARY'
    || (tag === 'LABEL' && el.control != null) || tag === 'OPTION' || (tag === 'A' && hasHref(el))
    || (tag === 'INPUT' && el.type !== 'hidden')
    || (handler && nodes.length < 2) || CLICK_ROLES.has(role)
    || (st.cursor === 'pointer' && parentCursor !== 'pointer')
    || (tabindex !== null && +tabindex >= 0));
  if (tag === 'INPUT' && el.type === 'hidden') return null;
  const interactive = editable || checkable || clickable;
  const hoverable = !interactive && (hoverRuled.has(el) || (hovers !== undefined && hovers.has(el))
    || el.onmouseover != null || el.onmouseenter != null || el.hasAttribute('onmouseover')
    || el.hasAttribute('onmouseenter'));
  const media = tag === 'IMG' || tag === 'IFRAME' || tag === 'CANVAS' || tag === 'VIDEO'
    || tag === 'SVG';
  if (tag === 'IMG' && !interactive) {
    // An image says what it shows through alt; that text belongs to its block, like other text.
    const alt = el.getAttribute('alt');
    if (alt && inline) return {nodes, text: ' ' + alt + ' ', block: false};
  }
  const own = collapse(text);
  const rect = el.getBoundingClientRect();
  const hasBox = rect.width > 0 && rect.height > 0;
  const scrolls = boxScrolls && tag !== 'SELECT';
  const emit = shown && hasBox && el !== document.body && el !== document.documentElement
    && (interactive || hoverable || (media && (labelOf(el) || rect.width * rect.height >= 2500))
      || (!inline && own) || role === 'dialog' || (scrolls && nodes.length));
  if (!emit) {
    // Text of a hidden element is not on the screen; its visible descendants' nodes still are.
    return {nodes, text: !shown ? '' : inline ? text : own, block: !inline};
  }
  const clipped = hasBox && outside(rect, clip);
  if (clipped && clippedLeft <= 0) {
    return {nodes, text: '', block: !inline};
  }
  if ((interactive || hoverable) && !scrolls && !clipped && covered(el, tag, rect, clip)) {
    // Not offered at all, text included, so that a step looking for it waits until it shows.
    return {nodes, text: '', block: !inline};
  }
  const n = makeNode(el, tag, role, rect);
  if (scrolls) n.scroll = true;
  if (hoverable) n.hover = true;
  if (clipped) {
    n.clip = true;
    clippedLeft--;
    clippedSeen.push([el, (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2]);
  }
  if (editable) n.edit = true;
  if (checkable) n.check = true;
  if (clickable || checkable) n.click = true;
  if (checkable && (el.checked || el.getAttribute('aria-checked') === 'true')) n.checked = true;
  if (tag === 'INPUT' && el.type === 'password') n.password = true;
  if (dropDown(el, tag)) {
    const options = [...el.options];
    n.options = options.slice(0, MAX_OPTIONS).map(o => collapse(o.text));
    if (options.length > MAX_OPTIONS) n.more = options.length - MAX_OPTIONS;
  }
  if (interactive) {
    // A control's value is its text; a clickable element absorbs its descendants' plain text.
    nodes = absorb(nodes, n);
    let value = '';
    if (tag === 'SELECT') value = el.selectedIndex >= 0 ? el.options[el.selectedIndex].text : '';
    else if (tag === 'INPUT' && (el.type === 'submit' || el.type === 'button' || el.type === 'reset')) value = el.value;
    else if (editable && (tag === 'INPUT' || tag === 'TEXTAREA')) value = el.type === 'password' ? '' : el.value;
    else if (editable) value = el.textContent;
    const t = collapse(value || (own + ' ' + (n.absorbed || '')));
    delete n.absorbed;
    if (t) n.text = t;
    nodes = mergeTwin(n, nodes);
  } else if (own) {
    n.text = own;
  }
  if (nodes.length) n.children = nodes;
  return {nodes: [n], text: '', block: !inline};
}

// The name a user sees on a node: its text, else its label.
function nameOfNode(n) {
  return n.text || n.label || '';
}

// One control listed twice (jQuery UI's <li role=tab> around its <a>): a clickable child that
// fills its clickable parent's box (each edge within 4 CSS px) and has the parent's name, or names
// a parent that has none, is folded into the parent, which keeps its role and state and gains the
// child's name, id and flags. Text fields are left alone. Returns the parent's new children.
function mergeTwin(n, nodes) {
  if (n.edit) return nodes;
  for (let i = 0; i < nodes.length; i++) {
    const c = nodes[i];
    if (!c.click || c.edit || c.scroll) continue;
    const name = nameOfNode(n);
    if (name && name !== nameOfNode(c)) continue;
    if (!c.box.every((v, k) => Math.abs(v - n.box[k]) <= 4)) continue;
    if (!n.text && c.text) n.text = c.text;
    if (!n.label && c.label) n.label = c.label;
    if (!n.role && c.role) { n.role = c.role; n.tag = c.tag; }
    for (const f of ['id', 'name', 'type']) if (!n[f] && c[f]) n[f] = c[f];
    for (const f of ['check', 'checked', 'selected', 'focused']) if (c[f]) n[f] = true;
    const lifted = c.children || [];
    return nodes.slice(0, i).concat(lifted, nodes.slice(i + 1));
  }
  return nodes;
}

// Folds non-interactive descendant nodes' text into a clickable node, lifting any interactive
// nodes found below them.
function absorb(nodes, into) {
  const kept = [];
  for (const c of nodes) {
    if (c.click || c.edit || c.check || c.scroll || c.hover || c.clip) { kept.push(c); continue; }
    into.absorbed = (into.absorbed || '') + ' ' + (c.text || c.label || '');
    if (c.children) kept.push(...absorb(c.children, into));
  }
  return kept;
}

const body = document.body;
const result = body ? walk(body, 'auto', null) : {nodes: []};
Object.defineProperty(window, '__apexClipped', {value: clippedSeen, configurable: true,
  writable: true});
const docEl = document.documentElement;
const out = {
  url: location.href,
  title: document.title,
  viewport: [vw, vh],
  scroll: [Math.round(window.scrollX), Math.round(window.scrollY)],
  page: [docEl ? docEl.scrollWidth : vw, docEl ? docEl.scrollHeight : vh],
  dpr: window.devicePixelRatio,
  nodes: result ? result.nodes : []
};
return [JSON.stringify(out), vw, vh, window.devicePixelRatio];
