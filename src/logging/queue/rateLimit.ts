/**
 * The rate limit's rolling minute, as the count of entries accepted in each of the 61 newest
 * seconds (any 60-second window lies inside them, so the limit is never exceeded; an entry frees
 * its place 60 to 61 seconds later). A bounded memory, whatever the limit.
 */
export function createRateLimit(): (now: number, perMinute: number) => boolean {
  const seconds: { second: number; count: number }[] = [];
  let inWindow = 0;
  /** Whether one more entry may go at `now`; if so it is counted. */
  return (now, perMinute) => {
    const second = Math.floor(now / 1000);
    for (let oldest = seconds[0]; oldest && oldest.second <= second - 61; oldest = seconds[0]) {
      seconds.shift();
      inWindow -= oldest.count;
    }
    if (inWindow >= perMinute) return false;
    inWindow++;
    const last = seconds.at(-1);
    if (last?.second === second) last.count++;
    else seconds.push({ second, count: 1 });
    return true;
  };
}
