// loglevel-plugin-remote ships no types; the benchmark only needs apply() and the json format.
declare module 'loglevel-plugin-remote' {
  const remote: { apply(logger: unknown, options?: Record<string, unknown>): unknown; json: unknown; plain: unknown };
  export default remote;
}
