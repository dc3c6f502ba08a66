import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness;
let jKey: string;
beforeAll(async () => {
  h = await startSim({ maxBodyBytes: 2048 });
  jKey = await h.loginV2();
});
afterAll(() => h.close());

/** The failure text of any family's shape. */
function failureText(json: unknown): string | undefined {
  const j = (Array.isArray(json) ? json[0] : json) as Record<string, unknown> | undefined;
  const detail = j?.detail as Record<string, unknown> | undefined;
  const error = j?.error as Record<string, unknown> | undefined;
  return (j?.emsg ?? j?.data ?? detail?.data ?? error?.message) as string | undefined;
}

const PATHS = [
  '/api/login',
  '/apiV2/login',
  '/apiV2/getQuotes',
  '/api/indexList',
  '/api/timePriceSeries',
  '/api/V3/limit',
];

describe('malformed requests get the family failure shape, never a crash or an HTML page', () => {
  it.each(PATHS)('%s: wrong content type is refused with 415 and says what to send', async (path) => {
    const answer = await h.post(path, { userId: 'SIM001' }, { contentType: 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.contentType).toContain('application/json');
    expect(failureText(answer.json)).toContain('Content-Type must be application/json');
  });

  it.each(PATHS)('%s: a body that is not JSON is refused with 400', async (path) => {
    const answer = await h.post(path, undefined, { raw: '{"userId": "SIM001",' });
    expect(answer.status).toBe(400);
    expect(failureText(answer.json)).toBe(BROKER_TEXTS.notJsonObject);
  });

  it.each(PATHS)('%s: a JSON array or string instead of an object is refused', async (path) => {
    for (const raw of ['[]', '"x"', 'null']) {
      const answer = await h.post(path, undefined, { raw });
      expect(failureText(answer.json)).toBe(BROKER_TEXTS.notJsonObject);
    }
  });

  it.each(PATHS)('%s: an oversized body is refused with 413 naming the limit', async (path) => {
    const answer = await h.post(path, { userId: 'x'.repeat(5000) });
    expect(answer.status).toBe(413);
    expect(failureText(answer.json)).toContain('at most 2048 bytes');
  });

  it('refuses numbers where the API wants strings, with the broker text', async () => {
    const answer = await h.post('/apiV2/getQuotes', { userId: 'SIM001', jKey, exchange: 'NSE', token: 2885 });
    expect(answer.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.notStrings });
    const login = await h.post('/apiV2/login', {
      userId: 'SIM001',
      password: 1,
      TOTP: 1,
      apiKey: 1,
      vendorCode: 1,
    });
    expect(login.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.notStrings });
  });

  it('names missing fields', async () => {
    const answer = await h.post('/apiV2/getQuotes', { userId: 'SIM001', jKey });
    expect(answer.json).toEqual({ Status: 'Failed', data: 'Invalid Input : exchange or token is Missing.' });
  });

  it('answers GET with 405 in the family shape', async () => {
    const answer = await h.post('/apiV2/getQuotes', undefined, { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(failureText(answer.json)).toContain('accepts POST only');
  });

  it('answers unknown paths with the OMS "unknown request" text in JSON', async () => {
    const v2 = await h.post('/apiV2/nothingHere', {});
    expect(v2.status).toBe(404);
    expect(v2.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.unknownRequest });
    const other = await h.post('/index.html', {});
    expect(other.json).toEqual({ stat: 'Not_Ok', emsg: BROKER_TEXTS.unknownRequest });
  });

  it('keeps serving after all of the above', async () => {
    const answer = await h.post('/api/V4/limit', { userId: 'SIM001', jKey });
    expect(answer.status).toBe(200);
    expect((answer.json as { status: string }).status).toBe('success');
  });
});
