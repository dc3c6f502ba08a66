import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as wire from '../../../src/core/wire/index.js';
import { wireCase, wireCaseNames } from '../../fixtures/wire/corpus.js';

// Which schema each corpus case must satisfy: the contract as the spec and broker facts give it.
const EXPECTED: Record<string, Record<string, z.ZodType>> = {
  login: {
    'v1.success': wire.loginSuccess,
    'v1.failure': wire.v1LoginFailure,
    'v2.success': wire.loginSuccess,
    'v2.failure': wire.v2Failure,
    'v2.failure.lowercase': wire.v2Failure,
  },
  quote: { success: wire.quoteSuccess, 'failure.noData': wire.v2Failure, 'failure.session': wire.v2Failure },
  'security-info': { success: wire.securityInfoSuccess, 'failure.session': wire.v2Failure },
  'index-list': { success: wire.indexListSuccess, failure: wire.v1Failure },
  candles: {
    success: wire.candlesSuccess,
    'failure.session': wire.candlesSuccess.element.or(wire.v1Failure).array(),
    'failure.noData.array': wire.v1Failure.array(),
    'failure.noData.object': wire.v1Failure,
  },
  'option-greeks': { success: wire.optionGreeksSuccess, failure: wire.v2Failure },
  span: { success: wire.spanSuccess, failure: wire.v1Failure },
  limits: {
    'v3.success': wire.limitsSuccess,
    'v4.success': wire.limitsSuccess,
    'v3.failure': wire.limitsFailure,
    'v4.failure': wire.limitsFailure,
  },
  'place-order': {
    'v1.success': wire.placeOrderV1Success,
    'v1.failure': wire.v1Failure,
    'v2.success': wire.placeOrderV2Success,
    'v2.failure': wire.v2Failure,
    'multi.mixed': wire.multiOrderResponse,
    'straddle.success': wire.multiOrderResponse,
    'straddle.failure': wire.multiOrderResponse,
  },
  'order-history': {
    'v1.success': wire.orderHistoryV1Success,
    'v1.failure': wire.v1Failure,
    'v2.success': wire.orderHistoryV2Success,
    'v2.failure': wire.v2Failure,
  },
  'order-change': {
    'cancel.success': wire.orderChangeSuccess,
    'cancel.failure': wire.v2Failure,
    'modify.success': wire.orderChangeSuccess,
    'modify.failure': wire.v2Failure,
    'history.changed': wire.orderHistoryV2Success,
  },
  'order-book': {
    success: wire.orderBookSuccess,
    'failure.noData': wire.v2Failure,
    'failure.session': wire.v2Failure,
  },
  'trade-book': {
    'v1.success': wire.tradeBookV1Success,
    'v1.noData': wire.v1Failure,
    'v1.failure': wire.v1Failure,
    'v2.success': wire.tradeBookV2Success,
    'v2.failure': wire.v2Failure,
  },
  holdings: { success: wire.holdingsSuccess, failure: wire.v2Failure },
  // Bodies of the API family that differ from the spec's examples in ways the spec allows or the OMS shows.
  variants: {
    'index-list.noStat': wire.indexListSuccess,
    'index-list.valuesOnly': wire.indexListSuccess,
    'candles.ssboi': wire.candlesSuccess,
    'candles.timeOnly': wire.candlesSuccess,
    'trade-book.v1.noFlqty': wire.tradeBookV1Success,
    'trade-book.v1.norenordno': wire.tradeBookV1Success,
    'trade-book.v2.noFillQuantity': wire.tradeBookV2Success,
    'place-order.v1.norenordno': wire.placeOrderV1Success,
    'place-order.v2.norenordno': wire.placeOrderV2Success,
    'order-history.v1.norenordno': wire.orderHistoryV1Success,
    'order-history.v1.spellings': wire.orderHistoryV1Success,
    'order-history.v2.spellings': wire.orderHistoryV2Success,
    'order-book.spellings': wire.orderBookSuccess,
    'order-book.norenordno': wire.orderBookSuccess,
    'failure.errorMessage': wire.errorObjectFailure,
    'failure.errorMessage.named': wire.errorObjectFailure,
    'failure.answerUnder500': wire.v1Failure,
    // Noren's own keys where the second generation's are expected: the entries read as the spec's.
    'login.v1.noren': wire.loginData,
    'quote.noren': wire.quoteData,
    'security-info.noren': wire.securityInfoData,
    'order-book.noren': wire.orderBookEntry.array(),
    'order-book.noren.wrapped': wire.orderBookSuccess,
  },
};

describe('spec-derived wire corpus', () => {
  it('maps every file of the corpus: a resource added there is checked here', () => {
    const files = readdirSync(join(import.meta.dirname, '../../fixtures/wire')).filter((f) =>
      f.endsWith('.json'),
    );
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [resource, cases] of Object.entries(EXPECTED)) {
    it(`maps every ${resource} case to a schema`, () => {
      expect(wireCaseNames(resource).sort()).toEqual(Object.keys(cases).sort());
    });
    for (const [name, schema] of Object.entries(cases)) {
      it(`${resource} ${name} parses with its wire schema`, () => {
        const parsed = schema.safeParse(wireCase(resource, name));
        expect(parsed.error?.issues ?? []).toEqual([]);
      });
    }
  }

  it('keeps unknown fields a response carries (the raw payload stays whole)', () => {
    const body = wireCase('quote', 'success') as { data: Record<string, unknown> };
    body.data.brandNewField = 'x';
    const parsed = wire.quoteSuccess.parse(body);
    expect((parsed.data as Record<string, unknown>).brandNewField).toBe('x');
  });

  it('refuses a success body whose required field is missing', () => {
    const body = wireCase('quote', 'success') as { data: Record<string, unknown> };
    delete body.data.lastTradedPrice;
    const parsed = wire.quoteSuccess.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['data', 'lastTradedPrice']);
  });

  it("reads Noren's norenordno as the spec's order number and keeps it as sent", () => {
    const [entry] = wire.orderHistoryV1Success.parse(wireCase('variants', 'order-history.v1.norenordno'));
    expect(entry).toMatchObject({ omsordno: '26112000000017', norenordno: '26112000000017' });
    const placed = wire.placeOrderV2Success.parse(wireCase('variants', 'place-order.v2.norenordno'));
    expect(placed.data.orderNumber).toBe('26112000000018');
  });

  it('lets the spec spelling win when a body sends both, and leaves the input untouched', () => {
    const body = { stat: 'Ok', omsordno: '26112000000001', norenordno: '26112000000002' };
    expect(wire.placeOrderV1Success.parse(body).omsordno).toBe('26112000000001');
    const alone = { stat: 'Ok', norenordno: '26112000000002' };
    wire.placeOrderV1Success.parse(alone);
    expect(alone).toEqual({ stat: 'Ok', norenordno: '26112000000002' });
  });

  it('refuses an entry without an order number under any spelling, naming them', () => {
    const parsed = wire.orderBookEntry.safeParse({ exchange: 'NSE', tradingSymbol: 'X', quantity: '1' });
    expect(parsed.error?.issues.find((i) => i.path[0] === 'orderNumber')?.message).toBe(
      'expected string, received undefined (also read from norenordno or omsordno)',
    );
  });

  it('reads status words in any case', () => {
    expect(['Ok', 'OK', 'Success', 'success'].every(wire.isSuccessWord)).toBe(true);
    expect(['Not_Ok', 'Failed', 'failed'].every(wire.isFailureWord)).toBe(true);
    expect(wire.isSuccessWord('Failed')).toBe(false);
    expect(wire.isSuccessWord(undefined)).toBe(false);
  });
});
