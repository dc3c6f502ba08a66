import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { loginSuccess, v1LoginFailure, v2Failure } from '../../../src/core/wire/index.js';
import { loginV1Body, loginV2Body, type SimHarness, startSim, totpFor } from '../../helpers/sim.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startSim();
});
afterAll(() => h.close());

describe('second-generation login (/apiV2/login)', () => {
  it('returns a session with every field of the session resource', async () => {
    const answer = await h.post('/apiV2/login', loginV2Body(h.clock.now()));
    expect(answer.status).toBe(200);
    const body = loginSuccess.parse(answer.json);
    expect(body.Status).toBe('Success');
    expect(body.data).toMatchObject({
      actid: 'SIM001',
      userName: 'SIM DEMO TRADER',
      email: 'demo@omsdesk.invalid',
    });
    expect(body.data.susertoken).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.requestTime).toBe('10:00:00 20-11-2026');
    expect(body.data.orarr).toEqual(['LMT', 'MKT', 'SL-LMT', 'SL-MKT']);
    expect(body.data.exarr).toEqual(['NSE', 'NFO', 'BSE', 'NIPO']);
  });

  it('accepts the previous and next TOTP step but not one further away', async () => {
    const now = h.clock.now();
    for (const at of [now - 30_000, now + 30_000]) {
      const ok = await h.post('/apiV2/login', loginV2Body(now, { TOTP: totpFor(at) }));
      expect((ok.json as { Status: string }).Status).toBe('Success');
    }
    const stale = await h.post('/apiV2/login', loginV2Body(now, { TOTP: totpFor(now - 120_000) }));
    expect(v2Failure.parse(stale.json)).toEqual({ Status: 'Failed', data: BROKER_TEXTS.invalidOtp });
  });

  it('accepts the password as its SHA-256 digest, as newer API versions send it', async () => {
    const digest = createHash('sha256').update('sim-pass').digest('hex');
    const answer = await h.post('/apiV2/login', loginV2Body(h.clock.now(), { password: digest }));
    expect((answer.json as { Status: string }).Status).toBe('Success');
  });

  it.each([
    ['an unknown user', { userId: 'NOPE01' }, BROKER_TEXTS.invalidUser],
    ['a wrong app key', { apiKey: 'wrong' }, BROKER_TEXTS.invalidAppKey],
    ['a wrong vendor code', { vendorCode: 'wrong' }, BROKER_TEXTS.invalidVendorCode],
    ['a wrong password', { password: 'wrong' }, BROKER_TEXTS.wrongPassword],
    ['a wrong TOTP', { TOTP: '000000' }, BROKER_TEXTS.invalidOtp],
  ])('refuses %s with the spec text in the second-generation shape', async (_, overrides, text) => {
    const answer = await h.post('/apiV2/login', loginV2Body(h.clock.now(), overrides));
    expect(answer.json).toEqual({ Status: 'Failed', data: text });
  });
});

describe('first-generation login (/api/login)', () => {
  it('returns a session with status Ok, using date of birth or PAN', async () => {
    const answer = await h.post('/api/login', loginV1Body());
    const body = loginSuccess.parse(answer.json);
    expect(body.Status).toBe('Success');
    expect(body.data.status).toBe('Ok');
    expect(body.data.susertoken).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['an unknown user', { userId: 'NOPE01' }, BROKER_TEXTS.invalidUser],
    ['a wrong app key', { apiKey: 'x' }, BROKER_TEXTS.invalidAppKey],
    ['a wrong password', { password: 'x' }, BROKER_TEXTS.wrongPassword],
    ['a wrong date of birth', { DOBnPAN: '02021990' }, BROKER_TEXTS.wrongPanDob],
  ])('refuses %s in the {detail: {Status, data}} shape', async (_, overrides, text) => {
    const answer = await h.post('/api/login', loginV1Body(overrides));
    expect(v1LoginFailure.parse(answer.json)).toEqual({ detail: { Status: 'Failed', data: text } });
  });

  it('names every missing field', async () => {
    const answer = await h.post('/api/login', { userId: 'SIM001' });
    expect(answer.json).toEqual({
      detail: {
        Status: 'Failed',
        data: 'Invalid Input : password or apiKey or DOBnPAN or vendorCode is Missing.',
      },
    });
  });
});
