// 'preact' in the React 18 build of the shell: the few core exports map one to one.
export { Component, Fragment, cloneElement, createContext, createElement, createRef, isValidElement } from 'react18';
export { createElement as h } from 'react18';
export { render } from './react-dom.mjs';
