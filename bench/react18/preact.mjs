// 'preact' in the React 18 build of the shell: the few core exports map one to one.
import { createElement } from 'react18';
import { port } from './jsx-runtime.mjs';

export {
  Component,
  cloneElement,
  createContext,
  createElement,
  createRef,
  Fragment,
  isValidElement,
} from 'react18';
export { render } from './react-dom.mjs';

// The shell's JSX compiles to `h`: its props are ported as the JSX runtime's are.
export const h = (type, props, ...children) => createElement(type, props && port(type, props), ...children);
