/** Calls `tick` every `ms` until the returned function is called; injected so tests move time themselves. */
export type Every = (ms: number, tick: () => void) => () => void;

/** `Every` on the real timers; the timer alone does not keep the process running. */
export const everyInterval: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};
