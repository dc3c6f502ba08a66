import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { ROUTES } from '../../../src/sim/routes.js';
import { loginV1Body, loginV2Body, type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startSim();
});
afterAll(() => h.close());

const TIME = '10:00:00 20-11-2026';
const EXPIRED = BROKER_TEXTS.sessionExpired;
/** A well-formed session that the simulator never issued. */
const STALE = { userId: 'SIM001', jKey: 'f'.repeat(64) };

/** One path, a body that fails there, and the exact failure the spec shows for it. */
interface Row {
  readonly path: string;
  readonly body: () => Record<string, unknown>;
  readonly failure: unknown;
}

const v1 = (path: string, extra: Record<string, unknown> = {}): Row => ({
  path,
  body: () => ({ ...STALE, ...extra }),
  failure: { stat: 'Not_Ok', emsg: EXPIRED },
});

// What the spec's endpoint sections and Errors table list for each path's failure, field by field.
const ROWS: Row[] = [
  {
    path: '/api/login',
    body: () => loginV1Body({ password: 'wrong' }),
    failure: { detail: { Status: 'Failed', data: BROKER_TEXTS.wrongPassword } },
  },
  {
    path: '/apiV2/login',
    body: () => loginV2Body(h.clock.now(), { password: 'wrong' }),
    failure: { Status: 'Failed', data: BROKER_TEXTS.wrongPassword },
  },
  { ...v1('/apiV2/getQuotes'), failure: { Status: 'Failed', data: EXPIRED } },
  { ...v1('/apiV2/securityInfo'), failure: { Status: 'Failed', data: EXPIRED } },
  // Index list: `request_time` only on success, `emsg` only on error.
  v1('/api/indexList', { exchange: 'NSE' }),
  // Time price series: an array holding one `{stat, emsg}`.
  { ...v1('/api/timePriceSeries'), failure: [{ stat: 'Not_Ok', emsg: BROKER_TEXTS.invalidSessionKey }] },
  {
    path: '/apiV2/optionGreek',
    body: () => ({ expiryDate: 'soon' }),
    failure: {
      Status: 'Failed',
      requestTime: TIME,
      data: 'Invalid Input : strikePrice or spotPrice or initRate or volatility or optionType is Missing.',
    },
  },
  // Span calculator: `stat`, `request_time`, `emsg`.
  { ...v1('/api/spanCalculators'), failure: { stat: 'Not_Ok', request_time: TIME, emsg: EXPIRED } },
  {
    ...v1('/api/V3/limit'),
    failure: {
      status: 'Failed',
      code: '401',
      name: 'INVALID_JKEY',
      error: { field: 'jKey', message: BROKER_TEXTS.limitsInvalidJKey },
    },
  },
  {
    ...v1('/api/V4/limit'),
    failure: {
      status: 'failed',
      code: '401',
      name: 'INVALID_JKEY',
      error: { field: 'jKey', message: BROKER_TEXTS.limitsInvalidJKey },
    },
  },
  // Placement result: `stat`, `request_time`, `omsordno` only when placed, `emsg` only on failure.
  { ...v1('/api/placeOrder'), failure: { stat: 'Not_Ok', request_time: TIME, emsg: EXPIRED } },
  { ...v1('/apiV2/placeOrder'), failure: { Status: 'Failed', data: EXPIRED } },
  {
    ...v1('/apiV2/strategies/multiPlaceOrders', { data: [{}, {}, {}] }),
    failure: [1, 2, 3].map(() => ({ Status: 'Failed', data: EXPIRED })),
  },
  {
    ...v1('/apiV2/strategies/longStraddle'),
    failure: [1, 2].map(() => ({ Status: 'Failed', data: EXPIRED })),
  },
  // Order history and trade book: `stat`, `requestTime`, `emsg`.
  { ...v1('/api/singleOrderHistory'), failure: { stat: 'Not_Ok', requestTime: TIME, emsg: EXPIRED } },
  { ...v1('/api/singleOrderList'), failure: { stat: 'Not_Ok', requestTime: TIME, emsg: EXPIRED } },
  { ...v1('/api/tradeBook'), failure: { stat: 'Not_Ok', requestTime: TIME, emsg: EXPIRED } },
  { ...v1('/apiV2/singleOrderHistory'), failure: { Status: 'Failed', requestTime: TIME, data: EXPIRED } },
  { ...v1('/apiV2/singleOrderList'), failure: { Status: 'Failed', requestTime: TIME, data: EXPIRED } },
  { ...v1('/apiV2/orderBook'), failure: { Status: 'Failed', data: EXPIRED } },
  // Second-generation trade book: `requestTime` and the text under both names the spec shows.
  {
    ...v1('/apiV2/tradeBook'),
    failure: { Status: 'Failed', requestTime: TIME, data: EXPIRED, emsg: EXPIRED },
  },
  { ...v1('/apiV2/holdings'), failure: { Status: 'Failed', requestTime: TIME, data: EXPIRED } },
  // Cancel and modify (the vendor SDK's, not the spec's): the placement's second-generation failure.
  { ...v1('/apiV2/cancelOrder'), failure: { Status: 'Failed', data: EXPIRED } },
  { ...v1('/apiV2/modifyOrder'), failure: { Status: 'Failed', data: EXPIRED } },
  // Paths of the vendor's second-generation SDK: the plain second-generation failure.
  { ...v1('/apiV2/indexList'), failure: { Status: 'Failed', data: EXPIRED } },
  { ...v1('/apiV2/timePriceSeries'), failure: { Status: 'Failed', data: EXPIRED } },
  { ...v1('/apiV2/limit'), failure: { Status: 'Failed', data: EXPIRED } },
  { ...v1('/apiV2/spanCalculators'), failure: { Status: 'Failed', data: EXPIRED } },
];

describe('failure envelopes, field for field as the spec lists them per endpoint', () => {
  it('cover every path the simulator answers', () => {
    expect(ROWS.map((r) => r.path).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it.each(ROWS)('$path fails in exactly its spec shape', async ({ path, body, failure }) => {
    const answer = await h.post(path, body());
    expect(answer.json).toEqual(failure);
  });
});
