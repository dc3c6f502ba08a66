import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { send } from '../http/reply.js';
import type { SimRuntime } from '../runtime.js';
import { type FaultPlan, faultSpec } from './faults.js';
import type { SimRateLimits } from './rate-limits.js';

const armBody = z.object({
  fault: faultSpec,
  count: z.union([z.number().int().min(1), z.literal('always')]).default(1),
  paths: z.array(z.string()).default([]),
});
const advanceBody = z.object({ ms: z.number().int().min(0) });
const priceBody = z.object({
  exchange: z.string(),
  token: z.string().optional(),
  tradingSymbol: z.string().optional(),
  price: z.number().positive(),
});
const rateBody = z.object({ enabled: z.boolean() });

/** Extra read-only views later parts register (the order engine adds `orders`). */
export type ControlViews = Record<string, () => unknown>;

interface ControlDeps {
  readonly rt: SimRuntime;
  readonly faults: FaultPlan;
  readonly limits: SimRateLimits;
  readonly views: ControlViews;
  /** Moves the clock; undefined when the clock cannot move. */
  readonly advance: ((ms: number) => number) | undefined;
  /** Runs after a control call changed what the market or orders look like. */
  readonly changed: () => void;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}

/**
 * The `/_sim/...` control surface, outside the spec's paths: faults, session expiry, the clock, prices,
 * rate limits, and the simulator's own view of its state. Loopback use only.
 */
export function createControl(
  deps: ControlDeps,
): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  const ok = (res: ServerResponse, body: unknown): void => send(res, { status: 200, body });
  const routes: Record<string, (body: unknown, res: ServerResponse) => void> = {
    'POST /_sim/faults': (body, res) => {
      const b = armBody.parse(body);
      ok(res, deps.faults.arm(b.fault, b.count === 'always' ? Number.POSITIVE_INFINITY : b.count, b.paths));
    },
    'GET /_sim/faults': (_, res) => ok(res, deps.faults.list()),
    'DELETE /_sim/faults': (_, res) => {
      deps.faults.clear();
      ok(res, { cleared: true });
    },
    'POST /_sim/faults/release': (_, res) => ok(res, { released: deps.faults.release() }),
    'POST /_sim/sessions/expire': (_, res) => ok(res, { expired: deps.rt.sessions.expireAll() }),
    'GET /_sim/clock': (_, res) => ok(res, { now: deps.rt.clock.now() }),
    'POST /_sim/clock/advance': (body, res) => {
      if (!deps.advance) return send(res, { status: 409, body: { error: 'this clock cannot be moved' } });
      const now = deps.advance(advanceBody.parse(body).ms);
      deps.changed();
      ok(res, { now });
    },
    'POST /_sim/price': (body, res) => {
      const b = priceBody.parse(body);
      const now = deps.rt.clock.now();
      const universe = deps.rt.market.universe(now);
      const instrument = b.token
        ? universe.byToken(b.exchange, b.token)
        : universe.bySymbol(b.exchange, b.tradingSymbol ?? '');
      if (!instrument) return send(res, { status: 404, body: { error: 'no such instrument' } });
      deps.rt.market.movePrice(instrument, b.price, now);
      deps.changed();
      ok(res, {
        tradingSymbol: instrument.tradingSymbol,
        last: deps.rt.market.snapshot(instrument, now).last,
      });
    },
    'POST /_sim/rate-limits': (body, res) => {
      deps.limits.enabled = rateBody.parse(body).enabled;
      ok(res, { enabled: deps.limits.enabled });
    },
  };

  return async (req, res, path) => {
    const view = req.method === 'GET' ? deps.views[path.slice('/_sim/'.length)] : undefined;
    const route = routes[`${req.method} ${path}`];
    try {
      if (view) return ok(res, view());
      if (!route)
        return send(res, { status: 404, body: { error: `no control endpoint ${req.method} ${path}` } });
      route(await readJson(req), res);
    } catch (error) {
      const message = error instanceof z.ZodError ? z.prettifyError(error) : 'body is not valid JSON';
      send(res, { status: 400, body: { error: message } });
    }
  };
}
