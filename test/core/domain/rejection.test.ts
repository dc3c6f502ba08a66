import { describe, expect, it } from 'vitest';
import { parseRejection } from '../../../src/core/domain/rejection.js';

describe('parseRejection', () => {
  it.each([
    [
      'RED:Margin Shortfall:INR 203.50 Available:INR 7236.50 for C-SIM001 [RISK2]',
      'RED',
      'MARGIN_SHORTFALL',
      { shortfall: 203.5, available: 7236.5 },
    ],
    [
      'RED:RULE:{Check circuit limit including square off order}Current:INR 3999.00 LowerCircuit:INR 3215.80 UpperCircuit:INR 3930.40:NSE.SIEMENS-EQ for C-SIM001 [RISK2]',
      'RED',
      'CIRCUIT_LIMIT',
      { current: 3999, lowerCircuit: 3215.8, upperCircuit: 3930.4 },
    ],
    [
      'RED:Freeze qty Set:1800 Current:3600 for C-SIM001',
      'RED',
      'FREEZE_QUANTITY',
      { set: 1800, current: 3600 },
    ],
    ['ORA:Product Regular not enabled on exchange NSE', 'ORA', 'PRODUCT_NOT_ENABLED', {}],
    [
      'ORA:Price not multiple of tick size:Price:2450.07 TickSize:0.05',
      'ORA',
      'TICK_SIZE',
      { price: 2450.07, tickSize: 0.05 },
    ],
    [
      'ORA:Quantity not multiple of lot size:Quantity:80 LotSize:75',
      'ORA',
      'LOT_SIZE',
      { quantity: 80, lotSize: 75 },
    ],
    [
      'RED:Insufficient holdings:Required:50 Available:40 for NSE.INFY-EQ for C-SIM001 [RISK2]',
      'RED',
      'INSUFFICIENT_HOLDINGS',
      { required: 50, available: 40 },
    ],
    ['ORA:Market is closed for NSE', 'ORA', 'MARKET_CLOSED', {}],
    ['SAF:order is not open to cancel', 'SAF', 'OTHER', {}],
  ])('reads %s', (text, party, kind, numbers) => {
    expect(parseRejection(text)).toEqual({ party, kind, text, numbers });
  });

  it('reads numbers from a wording it has never seen', () => {
    expect(parseRejection('XYZ:New limit breached Limit:INR 1,000 Used:INR 1250.25 Count:3')).toEqual({
      text: 'XYZ:New limit breached Limit:INR 1,000 Used:INR 1250.25 Count:3',
      party: 'XYZ',
      kind: 'OTHER',
      numbers: { limit: 1000, used: 1250.25, count: 3 },
    });
  });

  it('takes the party from rejby when the text has no prefix, else leaves it empty', () => {
    expect(parseRejection('Order price out of range', 'SAF').party).toBe('SAF');
    expect(parseRejection('order price out of range').party).toBe('');
    expect(parseRejection('Risk:check failed').party).toBe('');
  });
});
