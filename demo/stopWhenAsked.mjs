// How the demo knows it is time to stop. Ctrl-C reaches every process of the terminal's group, this
// one included. A SIGTERM sent to `npm start` does not: npm passes it to the `sh -c` it runs the
// script in, and that shell ends without passing it on, which would leave this process serving the
// port with no parent. So the demo also stops when the process that started it has gone.

const PARENT_CHECK_MS = 200;

/** Calls `stop(reason)` once: on SIGINT, on SIGTERM, or when this process's parent has gone. */
export function stopWhenAsked(stop) {
  const parentAtStart = process.ppid;
  let asked = false;
  const ask = (reason) => {
    if (asked) return;
    asked = true;
    clearInterval(parentCheck);
    stop(reason);
  };
  const parentCheck = setInterval(() => {
    if (process.ppid !== parentAtStart) ask('the process that started it has gone');
  }, PARENT_CHECK_MS);
  parentCheck.unref();
  process.once('SIGINT', () => ask('Ctrl-C'));
  process.once('SIGTERM', () => ask('SIGTERM'));
}
