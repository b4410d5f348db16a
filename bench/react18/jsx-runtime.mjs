// 'preact/jsx-runtime' in the React 18 build of the shell. The shell's JSX is written for Preact:
// `class`, and DOM event names React does not know (`onFocusOut`). A port to React renames them;
// this does the same at run time, for host elements only, so the UI behaves as it does on Preact.
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react18/jsx-runtime';

const RENAMED = { class: 'className', for: 'htmlFor', onFocusOut: 'onBlur', onFocusIn: 'onFocus', onDblClick: 'onDoubleClick' };

export function port(type, props) {
  if (typeof type !== 'string') return props;
  let out = props;
  for (const from in RENAMED) {
    if (from in props) {
      if (out === props) out = { ...props };
      out[RENAMED[from]] = out[from];
      delete out[from];
    }
  }
  return out;
}

export const jsx = (type, props, key) => reactJsx(type, port(type, props), key);
export const jsxs = (type, props, key) => reactJsxs(type, port(type, props), key);
export { Fragment };
