import { expect } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import type { SimulatorOptions } from '../../../src/sim/create-simulator.js';
import type { SimInstrument } from '../../../src/sim/market/types.js';
import { type Answer, type SimHarness, startSim } from '../../helpers/sim.js';

/** A simulator with a logged-in demo user and shorthands for the order endpoints. */
export interface OrderHarness {
  readonly h: SimHarness;
  readonly session: { userId: string; jKey: string };
  /** Posts with the session merged in. */
  call(path: string, body?: Record<string, unknown>): Promise<Answer>;
  /** Places through `/apiV2/placeOrder`; answers the order number (fails the test otherwise). */
  place(order?: Record<string, string>): Promise<string>;
  /** Places through `/api/placeOrder`; answers the order number. */
  placeV1(order?: Record<string, string>): Promise<string>;
  historyV1(orderNumber: string): Promise<wire.OrderV1[]>;
  historyV2(orderNumber: string): Promise<wire.OrderV2[]>;
  /** The latest entry of an order's history. */
  latest(orderNumber: string): Promise<wire.OrderV2>;
  limits(): Promise<Limits>;
  quote(exchange: string, token: string): Promise<Record<string, string>>;
  instrument(exchange: string, symbol: string): SimInstrument;
  movePrice(exchange: string, tradingSymbol: string, price: number): Promise<void>;
  advance(ms: number): Promise<void>;
  /** The simulator's own view of its orders. */
  simOrders(): Promise<SimOrderView[]>;
  close(): Promise<void>;
}

/** The account limits as numbers. */
export type Limits = Record<
  'cash' | 'payin' | 'marginused' | 'brkcollamt' | 'peak_mar' | 'span' | 'expo' | 'premium' | 'collateral',
  number
>;

/** What `/_sim/orders` shows of one order (the fields tests read). */
export interface SimOrderView {
  readonly orderNumber: string;
  readonly remarks: string;
  readonly phase: string;
  readonly status: string;
  readonly filled: number;
  readonly trades: { price: number; quantity: number; at: number }[];
}

/** A delivery market buy of 1 INFY: override what a test is about. */
export const BASE_ORDER: Readonly<Record<string, string>> = {
  exchange: 'NSE',
  tradingSymbol: 'INFY-EQ',
  quantity: '1',
  price: '0',
  product: 'C',
  transactionType: 'B',
  priceType: 'MKT',
  retention: 'DAY',
  remarks: 'test',
};

/** Starts a simulator (engine timer off: tests step it through requests) and logs the demo user in. */
export async function orderHarness(
  options: SimulatorOptions & { start?: number } = {},
): Promise<OrderHarness> {
  const h = await startSim({ engineTickMs: 0, ...options });
  const session = { userId: 'SIM001', jKey: await h.loginV2() };
  const call = (path: string, body: Record<string, unknown> = {}) => h.post(path, { ...session, ...body });
  const self: OrderHarness = {
    h,
    session,
    call,
    async place(order = {}) {
      const answer = await call('/apiV2/placeOrder', { ...BASE_ORDER, ...order });
      return wire.placeOrderV2Success.parse(answer.json).data.orderNumber;
    },
    async placeV1(order = {}) {
      const answer = await call('/api/placeOrder', { actid: 'SIM001', ...BASE_ORDER, ...order });
      return wire.placeOrderV1Success.parse(answer.json).omsordno;
    },
    async historyV1(omsordno) {
      return wire.orderHistoryV1Success.parse((await call('/api/singleOrderHistory', { omsordno })).json);
    },
    async historyV2(orderNumber) {
      return wire.orderHistoryV2Success.parse((await call('/apiV2/singleOrderHistory', { orderNumber })).json)
        .data;
    },
    async latest(orderNumber) {
      const entry = (await self.historyV2(orderNumber))[0];
      expect(entry).toBeDefined();
      return entry as wire.OrderV2;
    },
    async limits() {
      const data = wire.limitsSuccess.parse((await call('/api/V3/limit')).json).data as Record<
        string,
        string
      >;
      return Object.fromEntries(
        Object.entries(data)
          .filter(([k]) => k !== 'requestTime')
          .map(([k, v]) => [k, Number(v)]),
      ) as Limits;
    },
    async quote(exchange, token) {
      const answer = await call('/apiV2/getQuotes', { exchange, token });
      return wire.quoteSuccess.parse(answer.json).data as Record<string, string>;
    },
    instrument(exchange, symbol) {
      const i = h.sim.market.universe(h.clock.now()).bySymbol(exchange, symbol);
      if (!i) throw new Error(`no ${exchange} ${symbol}`);
      return i;
    },
    async movePrice(exchange, tradingSymbol, price) {
      const answer = await h.post('/_sim/price', { exchange, tradingSymbol, price });
      expect(answer.status).toBe(200);
    },
    async advance(ms) {
      expect((await h.post('/_sim/clock/advance', { ms })).status).toBe(200);
    },
    async simOrders() {
      return (await h.post('/_sim/orders', undefined, { method: 'GET' })).json as SimOrderView[];
    },
    close: () => h.close(),
  };
  return self;
}

/** Parses an `HH:MM:SS dd-mm-yyyy` or `dd-mm-yyyy HH:MM:SS` text's shape. */
export const TIME_FIRST = /^\d{2}:\d{2}:\d{2} \d{2}-\d{2}-\d{4}$/;
export const DATE_FIRST = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
