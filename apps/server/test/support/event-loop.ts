/**
 * Counts the turns of the event loop from now until the returned function is called, which
 * answers the count: long work that yields lets timers and I/O run between its parts, and on
 * SQLite work that never yields gives none.
 */
export function countTurns(): () => number {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return () => {
    counting = false;
    return turns;
  };
}
