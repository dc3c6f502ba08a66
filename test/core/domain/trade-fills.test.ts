import { describe, expect, it } from 'vitest';
import { tradesFromV1 } from '../../../src/core/domain/trade-book.js';
import { type FillFacts, fillQuantities } from '../../../src/core/domain/trade-fills.js';
import { FieldError } from '../../../src/core/domain/values.js';
import * as wire from '../../../src/core/wire/index.js';

const row = (orderNumber: string, facts: Partial<FillFacts> = {}): FillFacts => ({
  orderNumber,
  fill: undefined,
  cumulative: undefined,
  quantity: undefined,
  complete: false,
  ...facts,
});

describe('fill quantities of trade rows', () => {
  it("keeps a row's own fill quantity", () => {
    expect(fillQuantities([row('1', { fill: '7', cumulative: '20' })])).toEqual([7]);
  });

  it('steps through the cumulative totals of each order, whatever the row order', () => {
    const rows = [
      row('1', { cumulative: '20' }),
      row('2', { cumulative: '3' }),
      row('1', { cumulative: '5' }),
      row('1', { cumulative: '12' }),
    ];
    expect(fillQuantities(rows)).toEqual([8, 3, 5, 7]);
  });

  it('leaves fills unknown when the totals repeat (the rows then show the order total, not each fill)', () => {
    expect(fillQuantities([row('1', { cumulative: '20' }), row('1', { cumulative: '20' })])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('takes the order quantity only for the single row of a complete order', () => {
    expect(fillQuantities([row('1', { quantity: '40', complete: true })])).toEqual([40]);
    expect(fillQuantities([row('1', { quantity: '40' })])).toEqual([undefined]);
    const two = [row('1', { quantity: '40', complete: true }), row('1', { quantity: '40', complete: true })];
    expect(fillQuantities(two)).toEqual([undefined, undefined]);
  });

  it('never yields NaN: an unreadable total counts as absent', () => {
    expect(fillQuantities([row('1', { cumulative: 'abc', fill: 'x' })])).toEqual([undefined]);
  });
});

describe('a trade book whose fill cannot be known', () => {
  it('is refused with the row and field named, never read as NaN', () => {
    const rows = wire.tradeBookV1Success.parse([
      { exch: 'NSE', omsordno: '1', tsym: 'X-EQ', qty: '10', trantype: 'B', flid: '9', flprc: '1.00' },
    ]);
    expect(() => tradesFromV1(rows)).toThrow(FieldError);
    expect(() => tradesFromV1(rows)).toThrow(
      "[0].flqty: no fill quantity, and none follows from the order's fillshares or quantity",
    );
  });
});
