import * as OTPAuth from 'otpauth';
import { request } from 'undici';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import { ManualClock } from '../../src/sim/clock.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/create-simulator.js';

/** 2026-11-20 (a Friday) 10:00:00 IST: inside market hours, before a Tuesday expiry week ends. */
export const FRIDAY_10AM = Date.UTC(2026, 10, 20, 4, 30, 0);

/** A raw answer: status, parsed JSON (if it parsed) and the text. */
export interface Answer {
  readonly status: number;
  readonly json: unknown;
  readonly text: string;
  readonly contentType: string;
}

/** A started simulator on a manual clock with a helper to post to it. */
export interface SimHarness {
  readonly sim: Simulator;
  readonly clock: ManualClock;
  post(
    path: string,
    body: unknown,
    init?: { contentType?: string; raw?: string; method?: string },
  ): Promise<Answer>;
  loginV2(userId?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts a paper broker on 127.0.0.1 and a free port, with a manual clock at `start`. */
export async function startSim(options: SimulatorOptions & { start?: number } = {}): Promise<SimHarness> {
  const clock = new ManualClock(options.start ?? FRIDAY_10AM);
  const sim = await createSimulator({ clock, rateLimits: false, ...options });
  const post: SimHarness['post'] = async (path, body, init = {}) => {
    const res = await request(`${sim.url}${path}`, {
      method: (init.method ?? 'POST') as 'POST',
      headers: { 'content-type': init.contentType ?? 'application/json' },
      ...(init.method === 'GET' ? {} : { body: init.raw ?? JSON.stringify(body) }),
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, text, contentType: String(res.headers['content-type'] ?? '') };
  };
  return {
    sim,
    clock,
    post,
    async loginV2(userId = DEMO_ACCOUNT.userId) {
      const answer = await post('/apiV2/login', loginV2Body(clock.now(), { userId }));
      const key = (answer.json as { data?: { susertoken?: string } }).data?.susertoken;
      if (!key) throw new Error(`login failed: ${answer.text}`);
      return key;
    },
    close: () => sim.close(),
  };
}

/** A TOTP code for the demo secret, computed with the library the client uses (a cross-check). */
export function totpFor(at: number, secret = DEMO_ACCOUNT.totpSecret): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** A valid second-generation login body for the demo account, with overrides. */
export function loginV2Body(at: number, overrides: Record<string, string> = {}): Record<string, string> {
  const a = DEMO_ACCOUNT;
  return {
    userId: a.userId,
    password: a.password,
    TOTP: totpFor(at),
    apiKey: a.apiKey,
    vendorCode: a.vendorCode,
    ...overrides,
  };
}

/** A valid first-generation login body for the demo account, with overrides. */
export function loginV1Body(overrides: Record<string, string> = {}): Record<string, string> {
  const a = DEMO_ACCOUNT;
  return {
    userId: a.userId,
    password: a.password,
    apiKey: a.apiKey,
    DOBnPAN: a.dobOrPan,
    vendorCode: a.vendorCode,
    ...overrides,
  };
}

/** Every top-level key a zod object schema declares (the spec's field list for a resource). */
export function schemaKeys(schema: { shape: Record<string, unknown> }): string[] {
  return Object.keys(schema.shape);
}

/** A span-calculator position for a simulated derivative, as the spec's request carries it. */
export function spanPositionBody(
  i: { kind: string; symbolName: string; expiry?: number; optionType?: string; strike?: number },
  buy: number,
  sell: number,
): Record<string, string> {
  const expd = new Date((i.expiry ?? 0) + 330 * 60_000)
    .toUTCString()
    .slice(5, 16)
    .replace(/ /g, '-')
    .toUpperCase();
  return {
    exchange: 'NFO',
    instname: i.kind,
    symbolName: i.symbolName,
    expd,
    optt: i.optionType ?? '',
    strikePrice: i.strike === undefined ? '0' : String(i.strike),
    buyQuantity: String(buy),
    sellQuantity: String(sell),
    netQuantity: String(buy - sell),
  };
}

/**
 * Places an order straight on the paper broker's API, as the broker's own app would (no omsdesk tag):
 * by default a market buy of one SBIN share; answers the order number (fails the test otherwise).
 */
export async function placeOutside(h: SimHarness, order: Record<string, string> = {}): Promise<string> {
  const jKey = await h.loginV2();
  const answer = await h.post('/apiV2/placeOrder', {
    userId: DEMO_ACCOUNT.userId,
    jKey,
    exchange: 'NSE',
    tradingSymbol: 'SBIN-EQ',
    quantity: '1',
    price: '0',
    product: 'I',
    transactionType: 'B',
    priceType: 'MKT',
    retention: 'DAY',
    remarks: 'from the broker app',
    ...order,
  });
  const number = (answer.json as { data?: { orderNumber?: string } }).data?.orderNumber;
  if (!number) throw new Error(`placement failed: ${answer.text}`);
  return number;
}

/** The demo account's credentials for the real client, with TOTP codes for the paper broker's (manual) clock. */
export function simCredentials(h: SimHarness) {
  const a = DEMO_ACCOUNT;
  return {
    userId: a.userId,
    password: a.password,
    apiKey: a.apiKey,
    vendorCode: a.vendorCode,
    totp: () => totpFor(h.clock.now()),
  };
}
