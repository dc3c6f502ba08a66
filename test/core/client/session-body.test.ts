import { describe, expect, it } from 'vitest';
import { sessionBody, sessionFields } from '../../../src/core/client/validate.js';
import type { Session } from '../../../src/core/session/store.js';

const SESSION: Session = {
  key: 'session-key-0123456789',
  userId: 'SIM001',
  accountId: 'SIM001',
  userName: 'Sim',
  email: undefined,
  exchanges: ['NSE'],
  orderTypes: ['LMT'],
  generation: 'v2',
  createdAt: 0,
};

describe('sessionBody', () => {
  it('writes the same JSON, key for key and in order, as spreading the session fields before the rest', () => {
    const bodies: object[] = [
      {},
      { exchange: 'NSE', token: '2885' },
      { actid: 'SIM001', exchange: 'NSE', tradingSymbol: 'RELIANCE-EQ', quantity: '1', remarks: undefined },
      { data: [{ a: '1' }, { b: '2' }] },
      { userId: 'OTHER', extra: '1' },
    ];
    for (const fields of bodies) {
      expect(JSON.stringify(sessionBody(SESSION, fields))).toBe(
        JSON.stringify({ ...sessionFields(SESSION), ...fields }),
      );
    }
  });

  it('leaves the fields it was given as they were', () => {
    const fields = { exchange: 'NSE' };
    sessionBody(SESSION, fields);
    expect(fields).toEqual({ exchange: 'NSE' });
  });

  it('refuses to build a session-bound body without a session', () => {
    expect(() => sessionBody(undefined, { exchange: 'NSE' })).toThrow(/without a session/);
  });
});
