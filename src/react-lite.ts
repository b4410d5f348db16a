/**
 * What `react` and `react-dom` resolve to in the script-tag bundles: the React API the shell uses,
 * straight from Preact. preact/compat adds React's prop normalisation (className, onChange,
 * defaultValue, style numbers…) that the shell's own markup never needs and that a script-tag host
 * cannot use (it has no way to build elements for `render`), at 1.2 KB gzipped of a 14 KB budget.
 * The ESM build and the tests resolve `react` to preact/compat. A name missing here fails the build.
 */
export { useContext, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
export { render } from 'preact';
