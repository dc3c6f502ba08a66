import { describe, expect, it } from 'vitest';
import {
  canApprove,
  canHalt,
  canRead,
  canRequest,
  ROLES,
  whoami,
  whoamiLines,
} from '../../../src/core/people/index.js';

describe('roles and whoami', () => {
  it('gives each role what it may do, and no more', () => {
    const may = ROLES.map((role) => {
      const p = { id: 'x', role };
      return [role, canRead(p), canRequest(p), canApprove(p), canHalt(p)];
    });
    expect(may).toEqual([
      ['viewer', true, false, false, false],
      ['trader', true, true, false, false],
      ['approver', true, true, true, true],
    ]);
  });

  it('says who a person is, their role, their own caps and, when given, what they used today', () => {
    const asha = {
      id: 'asha',
      role: 'trader',
      discord: '123456789012345678',
      maxDailyOrders: 5,
      maxDailyValue: 500000,
    } as const;
    expect(whoami(asha)).toEqual({
      id: 'asha',
      role: 'trader',
      discord: '123456789012345678',
      may: ['read the account, the market and the order books', 'ask for orders'],
      caps: { maxDailyOrders: 5, maxDailyValue: 500000 },
    });
    expect(whoamiLines(asha, { orders: 1, value: 123456.5 })).toEqual([
      'You are asha (trader).',
      'You may read the account, the market and the order books; ask for orders.',
      'Your daily caps: 5 orders and ₹5,00,000.00 per day, within the desk’s.',
      'Used today: 1 order, ₹1,23,456.50.',
    ]);
    expect(whoamiLines({ id: 'ravi', role: 'approver' })).toEqual([
      'You are ravi (approver).',
      'You may read the account, the market and the order books; ask for orders; approve other people’s orders; halt and resume trading.',
      'Your daily caps: the desk’s only.',
    ]);
  });
});
