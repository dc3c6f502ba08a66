import { normal } from './rng.js';

/** A Brownian bridge over one session, pinned at `start` (second 0) and `end` (second `length`). */
export interface BridgeSpec {
  readonly seed: number;
  /** The stream key of the path's bridge draws. */
  readonly key: number;
  /** The session day: a separate set of draws per day. */
  readonly day: number;
  readonly length: number;
  readonly start: number;
  readonly end: number;
  /** Diffusion per square-root second. */
  readonly sigma: number;
}

/**
 * The bridge value at the integer midpoint `m` of [l, r] given the values at l and r: the exact
 * conditional law of Brownian motion, with the draw keyed by `m` (each second is the midpoint of
 * exactly one interval of the recursion, so every draw has a fixed, order-independent identity).
 */
function midpoint(spec: BridgeSpec, l: number, r: number, m: number, bl: number, br: number): number {
  const width = r - l;
  const mean = bl + ((br - bl) * (m - l)) / width;
  const sd = spec.sigma * Math.sqrt(((m - l) * (r - m)) / width);
  return mean + sd * normal(spec.seed, spec.key, spec.day, m);
}

/** The bridge at an integer second in [0, length], by recursive midpoint displacement: O(log length). */
export function bridgeAt(spec: BridgeSpec, second: number): number {
  let l = 0;
  let r = spec.length;
  let bl = spec.start;
  let br = spec.end;
  for (;;) {
    if (second <= l) return bl;
    if (second >= r) return br;
    const m = (l + r) >>> 1;
    const bm = midpoint(spec, l, r, m, bl, br);
    if (second === m) return bm;
    if (second < m) {
      r = m;
      br = bm;
    } else {
      l = m;
      bl = bm;
    }
  }
}

/**
 * The bridge at every `step` seconds (length must be a multiple of step), identical to `bridgeAt` at
 * those seconds; visits each interval of the recursion that contains a sample once.
 */
export function bridgeSamples(spec: BridgeSpec, step: number): Float64Array {
  const count = Math.floor(spec.length / step);
  const out = new Float64Array(count + 1);
  out[0] = spec.start;
  out[count] = spec.end;
  const fill = (l: number, r: number, bl: number, br: number): void => {
    if (Math.floor(l / step) + 1 > Math.ceil(r / step) - 1) return;
    const m = (l + r) >>> 1;
    const bm = midpoint(spec, l, r, m, bl, br);
    if (m % step === 0) out[m / step] = bm;
    fill(l, m, bl, bm);
    fill(m, r, bm, br);
  };
  fill(0, spec.length, spec.start, spec.end);
  return out;
}
