// 'preact' in the React 18 build of the shell: the few core exports map one to one.
export {
  Component,
  cloneElement,
  createContext,
  createElement,
  createElement as h,
  createRef,
  Fragment,
  isValidElement,
} from 'react18';
export { render } from './react-dom.mjs';
