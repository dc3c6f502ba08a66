import * as OTPAuth from 'otpauth';
import { request } from 'undici';
import { createBrokerClient } from '../../src/core/client/index.js';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import type { CaseContext } from '../harness/types.js';
import { paperCredentials } from './login.js';
import { type Servers, serversOf } from './servers.js';

/** The quote request as the client writes it, and what a bare contender needs to send the same bytes. */
export interface QuoteFixture {
  readonly servers: Servers;
  readonly path: '/apiV2/getQuotes';
  /** The client's request body, byte for byte, with the session key `key` in it. */
  readonly clientBody: string;
  /** A session key the paper broker accepts for the demo user. */
  readonly key: string;
  /** The headers the client sends with it. */
  readonly headers: Readonly<Record<string, string>>;
}

async function postText(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, text: await res.body.text() };
}

/**
 * Cans the paper broker's own login and quote answers in the bare server (so "instant" answers are the
 * very bytes the broker sends, and the canned session key works at the broker too), then records the
 * exact bytes the client sends for a quote.
 */
async function build(ctx: CaseContext): Promise<QuoteFixture> {
  const servers = await serversOf(ctx);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ACCOUNT.totpSecret) }).generate();
  const { userId, password, apiKey, vendorCode } = DEMO_ACCOUNT;
  const login = await postText(`${servers.simUrl}/apiV2/login`, {
    userId,
    password,
    TOTP: totp,
    apiKey,
    vendorCode,
  });
  const key = (JSON.parse(login.text) as { data: { susertoken: string } }).data.susertoken;
  const quote = await postText(`${servers.simUrl}/apiV2/getQuotes`, {
    userId,
    jKey: key,
    exchange: 'NSE',
    token: '2885',
  });
  const contentType = 'application/json; charset=utf-8';
  await servers.can('/apiV2/login', { status: login.status, contentType, body: login.text });
  await servers.can('/apiV2/getQuotes', { status: quote.status, contentType, body: quote.text });
  const probe = createBrokerClient({
    baseUrl: servers.cannedUrl,
    credentials: paperCredentials(),
    rateLimits: false,
  });
  try {
    await probe.getQuote({ exchange: 'NSE', token: '2885' });
  } finally {
    await probe.close();
  }
  const seen = await servers.seen('/apiV2/getQuotes');
  if (!seen?.body.includes(key)) throw new Error('the client did not send the canned session key');
  return {
    servers,
    path: '/apiV2/getQuotes',
    clientBody: seen.body,
    key,
    headers: { 'content-type': seen.contentType, accept: seen.accept },
  };
}

/** The run's quote fixture, built on first use. */
export function quoteFixture(ctx: CaseContext): Promise<QuoteFixture> {
  return ctx.shared(
    'quote-fixture',
    () => build(ctx),
    async () => undefined,
  );
}
