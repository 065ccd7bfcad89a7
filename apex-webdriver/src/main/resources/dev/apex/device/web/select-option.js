// Picks an option of the <select> at a point (CSS pixels), as a user choosing it would: the
// selection changes, then `input` and `change` bubble from the select (only when it changed, as
// in a browser). The point may be on the select, inside it, or on one of its <label>s. Runs as
// the body of a WebDriver "execute script" call with arguments [x, y, option]; returns
// ['ok', text], ['none', what is there], ['missing', [first option texts], count] or
// ['disabled', text].
const [x, y, wanted] = arguments;
let el = document.elementFromPoint(x, y);
while (el && el.shadowRoot) {
  const inner = el.shadowRoot.elementFromPoint(x, y);
  if (!inner || inner === el) break;
  el = inner;
}
if (el && el.tagName === 'LABEL' && el.control) el = el.control;
const select = el && el.closest ? el.closest('select') : null;
if (!select) return ['none', el ? el.tagName.toLowerCase() : 'nothing'];
const norm = s => s.replace(/\s+/g, ' ').trim();
const options = [...select.options];
const w = norm(String(wanted));
const lower = w.toLowerCase();
const option = options.find(o => norm(o.text) === w)
  || options.find(o => o.value === wanted)
  || options.find(o => norm(o.text).toLowerCase() === lower)
  || options.find(o => o.value.toLowerCase() === lower);
if (!option) return ['missing', options.slice(0, 10).map(o => norm(o.text)), options.length];
if (select.disabled || option.disabled
    || (option.parentElement.tagName === 'OPTGROUP' && option.parentElement.disabled)) {
  return ['disabled', norm(option.text)];
}
select.focus();
if (!option.selected) {
  if (select.multiple) option.selected = true; else select.selectedIndex = option.index;
  select.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
  select.dispatchEvent(new Event('change', {bubbles: true}));
}
return ['ok', norm(option.text)];
