// One pass over the DOM that returns the page's interactive and text elements with their boxes,
// as the WEB_JSON tree format (see dev.apex.perception.web.WebTreeParser). Runs as the body of a
// WebDriver "execute script" call; returns [json, innerWidth, innerHeight, devicePixelRatio].
//
// Speed: it only reads (getComputedStyle, getBoundingClientRect, scroll sizes) and never writes
// to the DOM, so the browser lays the page out at most once for the whole walk.
// Compactness: layout-only elements are not emitted (their children move up), inline text is
// collapsed into its nearest emitted block, and a clickable element absorbs the text of its
// non-interactive descendants.
const MAX_TEXT = 400;
const vw = window.innerWidth;
const vh = window.innerHeight;
const dpr = window.devicePixelRatio || 1;
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE']);
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

function implicitRole(el, tag) {
  if (tag === 'A') return el.hasAttribute('href') ? 'link' : null;
  if (tag === 'INPUT') return INPUT_ROLES[el.type] || 'textbox';
  if (tag === 'SELECT') return el.multiple ? 'listbox' : 'combobox';
  return TAG_ROLES[tag] || null;
}

function labelOf(el) {
  let label = el.getAttribute('aria-label');
  if (label) return collapse(label);
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const parts = by.split(/\s+/).map(id => document.getElementById(id))
      .filter(x => x).map(x => x.textContent);
    if (parts.length) return collapse(parts.join(' '));
  }
  if (el.labels && el.labels.length) return collapse(el.labels[0].textContent);
  return collapse(el.getAttribute('alt') || el.getAttribute('title') || '');
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
  n.box = [px(rect.left), px(rect.top), px(rect.width), px(rect.height)];
  if (rect.bottom <= 0 || rect.top >= vh || rect.right <= 0 || rect.left >= vw) n.off = true;
  if (el === active && el !== document.body) n.focused = true;
  if (el.disabled || el.getAttribute('aria-disabled') === 'true') n.disabled = true;
  if (el.getAttribute('aria-selected') === 'true' || (tag === 'OPTION' && el.selected)) {
    n.selected = true;
  }
  return n;
}

// Returns {nodes, text, block}: the emitted nodes of this subtree, the text that floats up to the
// nearest emitted block, and whether this element breaks the line (so texts are not glued).
function walk(el, parentCursor) {
  const tag = el.tagName;
  if (SKIP.has(tag)) return null;
  const st = getComputedStyle(el);
  if (st.display === 'none' || st.opacity === '0') return null;
  const inline = st.display === 'inline' || st.display === 'contents';
  const shown = st.visibility === 'visible';
  const role = el.getAttribute('role') || implicitRole(el, tag);
  let nodes = [];
  let text = '';
  if (tag === 'SVG' || tag === 'svg' || tag === 'IFRAME' || tag === 'CANVAS' || tag === 'VIDEO') {
    // Leaves: their insides are not DOM text a user reads (or not reachable from here).
  } else {
    const kids = el.shadowRoot ? el.shadowRoot.childNodes
      : tag === 'SLOT' && el.assignedNodes({flatten: true}).length
        ? el.assignedNodes({flatten: true}) : el.childNodes;
    for (const k of kids) {
      if (k.nodeType === 3) {
        text += k.nodeValue;
      } else if (k.nodeType === 1) {
        if (k.tagName === 'BR') { text += ' '; continue; }
        const r = walk(k, st.cursor);
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
  const clickable = !editable && (tag === 'BUTTON' || tag === 'SELECT' || tag === 'SUMMARY'
    || (tag === 'LABEL' && el.control != null) || tag === 'OPTION' || (tag === 'A' && el.hasAttribute('href'))
    || (tag === 'INPUT' && el.type !== 'hidden')
    || el.onclick != null || el.hasAttribute('onclick') || CLICK_ROLES.has(role)
    || (st.cursor === 'pointer' && parentCursor !== 'pointer')
    || (tabindex !== null && +tabindex >= 0));
  if (tag === 'INPUT' && el.type === 'hidden') return null;
  const interactive = editable || checkable || clickable;
  const media = tag === 'IMG' || tag === 'IFRAME' || tag === 'CANVAS' || tag === 'VIDEO';
  if (tag === 'IMG' && !interactive) {
    // An image says what it shows through alt; that text belongs to its block, like other text.
    const alt = el.getAttribute('alt');
    if (alt && inline) return {nodes, text: ' ' + alt + ' ', block: false};
  }
  const own = collapse(text);
  const rect = el.getBoundingClientRect();
  const hasBox = rect.width > 0 && rect.height > 0;
  const scrolls = (st.overflowY === 'auto' || st.overflowY === 'scroll')
      && el.scrollHeight > el.clientHeight + 1
    || (st.overflowX === 'auto' || st.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  const emit = shown && hasBox && el !== document.body && el !== document.documentElement
    && (interactive || (media && (labelOf(el) || rect.width * rect.height >= 2500))
      || (!inline && own) || role === 'dialog' || (scrolls && nodes.length));
  if (!emit) {
    // Text of a hidden element is not on the screen; its visible descendants' nodes still are.
    return {nodes, text: !shown ? '' : inline ? text : own, block: !inline};
  }
  const n = makeNode(el, tag, role, rect);
  if (scrolls) n.scroll = true;
  if (editable) n.edit = true;
  if (checkable) n.check = true;
  if (clickable || checkable) n.click = true;
  if (checkable && (el.checked || el.getAttribute('aria-checked') === 'true')) n.checked = true;
  if (tag === 'INPUT' && el.type === 'password') n.password = true;
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
  } else if (own) {
    n.text = own;
  }
  if (nodes.length) n.children = nodes;
  return {nodes: [n], text: '', block: !inline};
}

// Folds non-interactive descendant nodes' text into a clickable node, lifting any interactive
// nodes found below them.
function absorb(nodes, into) {
  const kept = [];
  for (const c of nodes) {
    if (c.click || c.edit || c.check || c.scroll) { kept.push(c); continue; }
    into.absorbed = (into.absorbed || '') + ' ' + (c.text || c.label || '');
    if (c.children) kept.push(...absorb(c.children, into));
  }
  return kept;
}

const body = document.body;
const result = body ? walk(body, 'auto') : {nodes: []};
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
