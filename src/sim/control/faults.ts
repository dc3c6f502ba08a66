import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import { SimFailure } from '../http/failure.js';
import { type Reply, send } from '../http/reply.js';

/**
 * Faults tests and demos can inject. `latency` delays handling; `error` answers a 5xx without handling;
 * `drop` cuts the connection before handling (nothing happens) or after (the request took effect, the
 * answer is lost); `rateLimitText` answers a plain-text rate-limit body; `malformed` handles the request
 * and answers broken JSON; `stall` handles it and answers late (`delayMs`) or never: an order placed
 * whose acknowledgement never arrives; `hold` keeps the request waiting, unhandled, until `release` (a broker
 * as slow as a test needs, without timing anything); `noData` answers the broker's "no data" failure in
 * the path's own form without handling (a book that no longer holds an order of a past day).
 */
export const faultSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.number().int().min(0).max(600_000) }),
  z.object({ kind: z.literal('error'), status: z.number().int().min(500).max(599).optional() }),
  z.object({ kind: z.literal('drop'), when: z.enum(['before', 'after']).optional() }),
  z.object({ kind: z.literal('rateLimitText'), status: z.number().int().min(200).max(599).optional() }),
  z.object({ kind: z.literal('malformed') }),
  z.object({ kind: z.literal('stall'), delayMs: z.number().int().min(0).max(600_000).optional() }),
  z.object({ kind: z.literal('hold') }),
  z.object({ kind: z.literal('noData') }),
]);
export type FaultSpec = z.infer<typeof faultSpec>;

/** An armed fault: applies to the next `count` requests whose path starts with one of `paths` (all if empty). */
export interface ArmedFault {
  readonly id: number;
  readonly spec: FaultSpec;
  remaining: number;
  readonly paths: readonly string[];
}

const OUTCOMES = new Set(['error', 'drop', 'rateLimitText', 'malformed', 'stall', 'noData']);
const NOTHING_ARMED = Object.freeze({ latencyMs: 0, hold: false, outcome: undefined });

/** The set of armed faults and how each one acts on a request. */
export class FaultPlan {
  #next = 1;
  #armed: ArmedFault[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Requests a `hold` keeps waiting, and whoever waits for them to arrive. */
  readonly #held: Array<() => void> = [];
  readonly #heldWatchers = new Set<() => void>();

  /** Arms a fault for `count` requests (default 1; `Infinity` until cleared). */
  arm(spec: FaultSpec, count = 1, paths: readonly string[] = []): ArmedFault {
    const fault = { id: this.#next++, spec, remaining: count, paths };
    this.#armed.push(fault);
    return fault;
  }

  list(): readonly ArmedFault[] {
    return this.#armed;
  }

  /** Disarms every fault; requests held so far stay held until `release`. */
  clear(): void {
    this.#armed = [];
  }

  /** Total added latency, whether to hold, and the one outcome fault (if any) for a request, consuming them. */
  take(path: string): { latencyMs: number; hold: boolean; outcome: FaultSpec | undefined } {
    if (this.#armed.length === 0) return NOTHING_ARMED;
    let latencyMs = 0;
    let hold = false;
    let outcome: FaultSpec | undefined;
    for (const fault of this.#armed) {
      if (fault.remaining <= 0 || !matches(fault, path)) continue;
      if (fault.spec.kind === 'latency') latencyMs += fault.spec.ms;
      else if (fault.spec.kind === 'hold') hold = true;
      else if (outcome === undefined && OUTCOMES.has(fault.spec.kind)) outcome = fault.spec;
      else continue;
      fault.remaining -= 1;
    }
    this.#armed = this.#armed.filter((f) => f.remaining > 0);
    return { latencyMs, hold, outcome };
  }

  /** Keeps a request waiting until `release`. */
  hold(): Promise<void> {
    return new Promise((resolve) => {
      this.#held.push(resolve);
      for (const watcher of this.#heldWatchers) watcher();
    });
  }

  /** Resolves once at least `count` requests are held. */
  whenHeld(count = 1): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.#held.length < count) return;
        this.#heldWatchers.delete(check);
        resolve();
      };
      this.#heldWatchers.add(check);
      check();
    });
  }

  /** Lets every held request go on (in the order they arrived); returns how many there were. */
  release(): number {
    const waiting = this.#held.splice(0);
    for (const go of waiting) go();
    return waiting.length;
  }

  /** Waits in real time (faults simulate the network, not the market clock). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }

  /** The answer a fault gives instead of handling the request, if it is that kind. */
  replaceReply(outcome: FaultSpec | undefined, res: ServerResponse): Reply | 'dropped' | undefined {
    if (outcome?.kind === 'error') {
      const status = outcome.status ?? 503;
      return { status, body: undefined, text: `${status} Service Unavailable`, contentType: 'text/plain' };
    }
    if (outcome?.kind === 'rateLimitText') {
      return {
        status: outcome.status ?? 429,
        body: undefined,
        text: 'Rate limit exceeded. Please try after some time.',
        contentType: 'text/plain',
      };
    }
    if (outcome?.kind === 'drop' && outcome.when !== 'after') {
      res.socket?.destroy();
      return 'dropped';
    }
    // Thrown, so the server answers it as the path's own failure, in its generation's shape.
    if (outcome?.kind === 'noData') throw new SimFailure(BROKER_TEXTS.noData);
    return undefined;
  }

  /** Sends a handled request's reply as the fault dictates (at once, unless a stall delays it). */
  deliver(outcome: FaultSpec | undefined, reply: Reply, res: ServerResponse): void | Promise<void> {
    if (outcome?.kind === 'drop') {
      res.socket?.destroy();
    } else if (outcome?.kind === 'malformed') {
      // The broken text replaces the answer's: encoded bytes a cache kept for it must not go instead.
      const { bytes: _whole, ...answer } = reply;
      const text = answer.text ?? JSON.stringify(answer.body ?? { emsg: BROKER_TEXTS.unknownRequest });
      send(res, { ...answer, text: text.slice(0, Math.max(1, Math.floor(text.length / 2))) });
    } else if (outcome?.kind === 'stall') {
      const delayMs = outcome.delayMs;
      if (delayMs !== undefined) return this.sleep(delayMs).then(() => send(res, reply));
    } else {
      send(res, reply);
    }
  }

  /** Cancels pending delays and lets held requests go (on shutdown). */
  dispose(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.release();
  }
}

function matches(fault: ArmedFault, path: string): boolean {
  return fault.paths.length === 0 || fault.paths.some((p) => path.startsWith(p));
}
