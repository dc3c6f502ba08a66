import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { limitsFailure, limitsSuccess } from '../../../src/core/wire/index.js';
import { FRIDAY_10AM, type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HOUR = 3_600_000;

describe('session keys', () => {
  it('work until the end of the trading day and then fail in each family shape', async () => {
    h = await startSim();
    const jKey = await h.loginV2();
    const body = { userId: 'SIM001', jKey };
    expect((await h.post('/api/V3/limit', body)).status).toBe(200);

    h.clock.advance(13 * HOUR + 59 * 60_000); // 23:59 IST: still the same day
    expect(limitsSuccess.parse((await h.post('/api/V3/limit', body)).json).status).toBe('Success');

    h.clock.advance(60_000); // midnight IST
    const limits = await h.post('/api/V3/limit', body);
    expect(limits.status).toBe(401);
    expect(limitsFailure.parse(limits.json)).toEqual({
      status: 'Failed',
      code: '401',
      name: 'INVALID_JKEY',
      error: { field: 'jKey', message: BROKER_TEXTS.limitsInvalidJKey },
    });
    const v4 = await h.post('/api/V4/limit', body);
    expect((v4.json as { status: string }).status).toBe('failed');
    const quote = await h.post('/apiV2/getQuotes', { ...body, exchange: 'NSE', token: '2885' });
    expect(quote.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.sessionExpired });
    const indices = await h.post('/api/indexList', { ...body, exchange: 'NSE' });
    expect(indices.json).toMatchObject({ stat: 'Not_Ok', emsg: BROKER_TEXTS.sessionExpired });
    const candles = await h.post('/api/timePriceSeries', {
      ...body,
      exchange: 'NSE',
      token: '2885',
      starttime: '20/11/2026 09:15:00',
      endtime: '20/11/2026 10:00:00',
    });
    expect(candles.json).toEqual([{ stat: 'Not_Ok', emsg: BROKER_TEXTS.invalidSessionKey }]);
  });

  it('follow a configurable daily cut-off', async () => {
    h = await startSim({ sessionCutoff: '05:00', start: FRIDAY_10AM });
    const jKey = await h.loginV2();
    h.clock.advance(18 * HOUR + 59 * 60_000); // 04:59 IST Saturday
    expect((await h.post('/api/V3/limit', { userId: 'SIM001', jKey })).status).toBe(200);
    h.clock.advance(60_000);
    expect((await h.post('/api/V3/limit', { userId: 'SIM001', jKey })).status).toBe(401);
  });

  it('are refused when missing, unknown, or presented by another user', async () => {
    h = await startSim();
    const jKey = await h.loginV2();
    for (const body of [
      { userId: 'SIM001' },
      { userId: 'SIM001', jKey: 'f'.repeat(64) },
      { userId: 'OTHER1', jKey },
    ]) {
      const answer = await h.post('/apiV2/securityInfo', { ...body, exchange: 'NSE', token: '2885' });
      expect(answer.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.sessionExpired });
    }
  });
});
