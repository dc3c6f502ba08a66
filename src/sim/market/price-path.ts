import { type BridgeSpec, bridgeAt, bridgeSamples } from './brownian-bridge.js';
import type { TradingCalendar } from './calendar.js';
import { createDailyAnchors } from './daily-anchors.js';
import { createLru } from './lru.js';
import type { MoveBook } from './moves.js';
import { normal, streamKey } from './rng.js';

/** Seconds between the sampled points that candles, day high/low and ranges are built from. */
export const SAMPLE_SECONDS = 10;

/** One underlying's price process: every listing and derivative of the underlying follows it. */
export interface PathModel {
  /** The underlying's name (`RELIANCE`, `NIFTY`); also the key of its moves. */
  readonly name: string;
  readonly keyHash: number;
  readonly reference: number;
  readonly volatility: number;
  readonly reversion: number;
}

/** Log prices of the paths at any instant, moves included. */
export interface PricePaths {
  /** The log price at `at`; outside sessions it stays at the last session's close (plus later moves). */
  logAt(path: PathModel, at: number): number;
  /** Log prices at session open + k × SAMPLE_SECONDS for k = 0 … sessionSeconds / SAMPLE_SECONDS. */
  samples(path: PathModel, day: number): Float64Array;
  /** The log price at the close of a session day: the last sample, without computing the others. */
  closeLog(path: PathModel, day: number): number;
  /** Shifts the path from `at` on so that its price at `at` is `price`. */
  move(path: PathModel, price: number, at: number): void;
}

const WALK = 1;
const BRIDGE = 2;
const GAP = 3;
// An opening gap of a quarter of a session's volatility, in real hours only (always mode is continuous).
const GAP_SHARE = 0.25;

/** The price paths of one market: a pure function of (seed, path, instant) and the moves applied. */
export function createPricePaths(calendar: TradingCalendar, seed: number, moves: MoveBook): PricePaths {
  const anchors = new Map<string, (day: number) => number>();
  const bridges = createLru<string, BridgeSpec>(4096);
  const sampled = createLru<string, { readonly version: number; readonly values: Float64Array }>(256);
  const dailySigma = (path: PathModel): number => path.volatility / Math.sqrt(calendar.sessionsPerYear);

  const anchorLog = (path: PathModel, day: number): number => {
    let walk = anchors.get(path.name);
    if (!walk) {
      walk = createDailyAnchors(calendar, {
        seed,
        key: streamKey(path.keyHash, WALK),
        reversion: path.reversion,
        sigma: dailySigma(path),
      });
      anchors.set(path.name, walk);
    }
    return Math.log(path.reference) + walk(day);
  };

  const bridge = (path: PathModel, day: number): BridgeSpec => {
    const key = `${path.name}|${day}`;
    let spec = bridges.get(key);
    if (!spec) {
      const sigma = dailySigma(path);
      const gap =
        calendar.hours === 'real'
          ? GAP_SHARE * sigma * normal(seed, streamKey(path.keyHash, GAP), day, 0)
          : 0;
      const length = calendar.sessionSeconds;
      spec = {
        seed,
        key: streamKey(path.keyHash, BRIDGE),
        day,
        length,
        start: anchorLog(path, calendar.previousSessionDay(day)) + gap,
        end: anchorLog(path, day),
        sigma: sigma / Math.sqrt(length),
      };
      bridges.set(key, spec);
    }
    return spec;
  };

  const logAt = (path: PathModel, at: number): number => {
    const { day, second } = calendar.locate(at);
    return bridgeAt(bridge(path, day), second) + moves.shiftAt(path.name, at);
  };

  return {
    logAt,
    closeLog: (path, day) => bridge(path, day).end + moves.shiftAt(path.name, calendar.bounds(day).close),
    samples(path, day) {
      const key = `${path.name}|${day}`;
      const version = moves.versionFor(path.name, day);
      const hit = sampled.get(key);
      if (hit && hit.version === version) return hit.values;
      const values = bridgeSamples(bridge(path, day), SAMPLE_SECONDS);
      if (version > 0) {
        const { open } = calendar.bounds(day);
        for (let k = 0; k < values.length; k++)
          values[k] = (values[k] ?? 0) + moves.shiftAt(path.name, open + k * SAMPLE_SECONDS * 1000);
      }
      sampled.set(key, { version, values });
      return values;
    },
    move(path, price, at) {
      moves.add(path.name, at, Math.log(price) - logAt(path, at));
    },
  };
}
