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

/** A desk that trades, with the Discord desk and its approvals channel beside it. */
const EVERY_PATH = { trading: true, approvals: true, halts: true, fourEyes: false };

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
    expect(whoami(asha, EVERY_PATH)).toEqual({
      id: 'asha',
      role: 'trader',
      discord: '123456789012345678',
      may: ['read the account, the market and the order books', 'ask for orders'],
      notHere: [],
      caps: { maxDailyOrders: 5, maxDailyValue: 500000 },
    });
    expect(whoamiLines(asha, EVERY_PATH, { orders: 1, value: 123456.5 })).toEqual([
      'You are asha (trader).',
      'You may read the account, the market and the order books; ask for orders.',
      'Your daily caps: 5 orders and ₹5,00,000.00 per day, within the desk’s.',
      'Used today: 1 order, ₹1,23,456.50.',
    ]);
    expect(whoamiLines({ id: 'ravi', role: 'approver' }, EVERY_PATH)).toEqual([
      'You are ravi (approver).',
      'You may read the account, the market and the order books; ask for orders; approve other people’s orders on their Discord cards; halt and resume trading (/halt, /resume).',
      'Your daily caps: the desk’s only.',
    ]);
  });

  it('promises only what this omsdesk offers: no Discord desk, read-only, four-eyes with nobody to approve', () => {
    const ravi = { id: 'ravi', role: 'approver' } as const;
    const noDesk = { trading: true, approvals: false, halts: false, fourEyes: false };
    expect(whoami(ravi, noDesk)).toMatchObject({
      may: ['read the account, the market and the order books', 'ask for orders'],
      notHere: [
        'approve other people’s orders: no Discord approvals channel runs in this omsdesk (omsdesk serve with the Discord desk has one)',
        'halt and resume trading: they are Discord commands (/halt, /resume), and no Discord desk with an approvals channel runs with this omsdesk (omsdesk serve with DISCORD_TOKEN runs one)',
      ],
    });
    expect(whoami(ravi, { ...noDesk, fourEyes: true }).may).toEqual([
      'read the account, the market and the order books',
    ]);
    // Read-only: no order to ask for or approve; halting still means something where the desk runs.
    expect(whoami(ravi, { ...EVERY_PATH, trading: false })).toMatchObject({
      may: ['read the account, the market and the order books', 'halt and resume trading (/halt, /resume)'],
      notHere: ['ask for orders: omsdesk is read-only (OMSDESK_READ_ONLY)'],
    });
    expect(whoamiLines({ id: 'meena', role: 'viewer' }, noDesk)).toEqual([
      'You are meena (viewer).',
      'You may read the account, the market and the order books.',
      'Your daily caps: the desk’s only.',
    ]);
  });
});
