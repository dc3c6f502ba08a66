import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '../../src/core/vocabulary/index.js';
import * as wire from '../../src/core/wire/index.js';
import { ROUTES } from '../../src/sim/routes.js';
import { type SimHarness, startSim } from '../helpers/sim.js';
import { hostileBody } from './hostile-bodies.js';

const RUNS = 150;

/** A second-generation success wrapping `data` (the vendor SDK's paths). */
function v2Success(data: z.ZodType): z.ZodType {
  return z.looseObject({ Status: wire.str, data });
}

/** What a path may answer: its success shapes and its failure shapes (the family's). */
const SHAPES: Record<string, { ok: z.ZodType; failed: z.ZodType }> = {
  '/api/login': { ok: wire.loginSuccess, failed: wire.v1LoginFailure },
  '/apiV2/login': { ok: wire.loginSuccess, failed: wire.v2Failure },
  '/apiV2/getQuotes': { ok: wire.quoteSuccess, failed: wire.v2Failure },
  '/apiV2/securityInfo': { ok: wire.securityInfoSuccess, failed: wire.v2Failure },
  '/api/indexList': { ok: wire.indexListSuccess, failed: wire.v1Failure },
  '/api/timePriceSeries': { ok: wire.candlesSuccess, failed: wire.v1Failure.array().length(1) },
  '/apiV2/optionGreek': { ok: wire.optionGreeksSuccess, failed: wire.v2Failure },
  '/api/spanCalculators': { ok: wire.spanSuccess, failed: wire.v1Failure },
  '/api/V3/limit': { ok: wire.limitsSuccess, failed: wire.limitsFailure },
  '/api/V4/limit': { ok: wire.limitsSuccess, failed: wire.limitsFailure },
  '/api/placeOrder': { ok: wire.placeOrderV1Success, failed: wire.v1Failure },
  '/apiV2/placeOrder': { ok: wire.placeOrderV2Success, failed: wire.v2Failure },
  '/apiV2/strategies/multiPlaceOrders': { ok: wire.multiOrderResponse, failed: wire.multiOrderResponse },
  '/apiV2/strategies/longStraddle': { ok: wire.multiOrderResponse, failed: wire.multiOrderResponse },
  '/api/singleOrderHistory': { ok: wire.orderHistoryV1Success, failed: wire.v1Failure },
  '/api/singleOrderList': { ok: wire.orderHistoryV1Success, failed: wire.v1Failure },
  '/apiV2/singleOrderHistory': { ok: wire.orderHistoryV2Success, failed: wire.v2Failure },
  '/apiV2/singleOrderList': { ok: wire.orderHistoryV2Success, failed: wire.v2Failure },
  '/apiV2/orderBook': { ok: wire.orderBookSuccess, failed: wire.v2Failure },
  '/api/tradeBook': { ok: wire.tradeBookV1Success, failed: wire.v1Failure },
  '/apiV2/tradeBook': { ok: wire.tradeBookV2Success, failed: wire.v2Failure },
  '/apiV2/holdings': { ok: wire.holdingsSuccess, failed: wire.v2Failure },
  '/apiV2/cancelOrder': { ok: wire.orderChangeSuccess, failed: wire.v2Failure },
  '/apiV2/modifyOrder': { ok: wire.orderChangeSuccess, failed: wire.v2Failure },
  '/apiV2/indexList': { ok: v2Success(z.array(wire.indexEntry)), failed: wire.v2Failure },
  '/apiV2/timePriceSeries': { ok: v2Success(wire.candlesSuccess), failed: wire.v2Failure },
  '/apiV2/limit': { ok: v2Success(wire.limitsSuccess.shape.data), failed: wire.v2Failure },
  '/apiV2/spanCalculators': {
    ok: v2Success(
      wire.spanSuccess.omit({ stat: true, request_time: true }).extend({ requestTime: wire.str }),
    ),
    failed: wire.v2Failure,
  },
};

let h: SimHarness;
let jKey: string;
const errors: unknown[] = [];
beforeAll(async () => {
  h = await startSim({ onError: (error) => errors.push(error) });
  jKey = await h.loginV2();
});
afterAll(() => h.close());

/** Order numbers the placement paths acknowledged during the run. */
const acknowledged: string[] = [];
// Cancel and modify answer the number of an order that already exists: they acknowledge none.
const CHANGING: readonly string[] = [ENDPOINTS.cancelOrder.path, ENDPOINTS.modifyOrder.path];
const PLACING = new Set(
  Object.values(ENDPOINTS)
    .filter((e) => e.places && !CHANGING.includes(e.path))
    .map((e) => e.path),
);

/** The order numbers in a placement answer: `omsordno`, or `data.orderNumber` of each success element. */
function orderNumbers(json: unknown): string[] {
  if (Array.isArray(json)) return json.flatMap(orderNumbers);
  const j = (json ?? {}) as { omsordno?: unknown; Status?: unknown; data?: { orderNumber?: unknown } };
  if (typeof j.omsordno === 'string') return [j.omsordno];
  const n = j.Status === 'Success' ? j.data?.orderNumber : undefined;
  return typeof n === 'string' ? [n] : [];
}

function raw(payload: unknown, session: boolean): string {
  const isObject = payload !== null && typeof payload === 'object' && !Array.isArray(payload);
  if (!session || !isObject) return JSON.stringify(payload) ?? 'null';
  return JSON.stringify({ ...(payload as object), userId: 'SIM001', jKey, actid: 'SIM001', actId: 'SIM001' });
}

describe('hostile bodies at every path', () => {
  it('covers every route the simulator answers', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(SHAPES).sort());
  });

  it.each(ROUTES.map((r) => r.path))(
    '%s answers JSON in its family shape, never a 500 or a stack trace',
    async (path) => {
      const shape = SHAPES[path];
      if (!shape) throw new Error(`no shape for ${path}`);
      await fc.assert(
        fc.asyncProperty(hostileBody, fc.boolean(), async (payload, session) => {
          const answer = await h.post(path, undefined, { raw: raw(payload, session) });
          expect(answer.status).not.toBe(500);
          expect(answer.contentType).toContain('application/json');
          expect(answer.text).not.toMatch(/\n\s+at |Error:/);
          const ok = shape.ok.safeParse(answer.json).success;
          const failed = shape.failed.safeParse(answer.json).success;
          expect(ok || failed, answer.text.slice(0, 300)).toBe(true);
          if (PLACING.has(path)) acknowledged.push(...orderNumbers(answer.json));
          const status = (answer.json as Record<string, unknown> | undefined) ?? {};
          const word = status.stat ?? status.Status ?? status.status;
          if (word !== undefined) expect(wire.isSuccessWord(word) || wire.isFailureWord(word)).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('reported no internal error, holds exactly the orders it acknowledged, and keeps serving', async () => {
    expect(errors).toEqual([]);
    const orders = (await h.post('/_sim/orders', undefined, { method: 'GET' })).json as {
      orderNumber: string;
    }[];
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(orders.map((o) => o.orderNumber).sort()).toEqual([...acknowledged].sort());
    const limits = await h.post('/api/V4/limit', { userId: 'SIM001', jKey });
    expect(wire.limitsSuccess.parse(limits.json).status).toBe('success');
  });
});
