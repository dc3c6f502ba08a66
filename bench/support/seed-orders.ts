import { request } from 'undici';
import { loginKey } from './login.js';

/** Orders in the book the order-book comparison reads: a busy desk's day. */
export const BOOK_ORDERS = 100;

const SYMBOLS = ['RELIANCE-EQ', 'TCS-EQ', 'INFY-EQ', 'HDFCBANK-EQ', 'SBIN-EQ'];

/**
 * Logs `userId` in and places a day's mix for it (market orders that fill, limit orders far below the
 * market that stay open, a few refused for their tick), then lets the broker settle them; returns the key.
 */
export async function seedOrderBook(url: string, userId: string, count = BOOK_ORDERS): Promise<string> {
  const jKey = await loginKey(url, userId);
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    const body = {
      userId,
      jKey,
      exchange: 'NSE',
      tradingSymbol: SYMBOLS[i % SYMBOLS.length],
      quantity: String(1 + (i % 3)),
      price: kind === 3 ? '10.00' : kind === 4 ? '10.03' : '0',
      product: 'I',
      transactionType: i % 2 === 0 ? 'B' : 'S',
      priceType: kind >= 3 ? 'LMT' : 'MKT',
      retention: 'DAY',
      remarks: `book-${i}`,
    };
    const res = await request(`${url}/apiV2/placeOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.body.json()) as { Status?: string };
    if (answer.Status !== 'Success') throw new Error(`seeding the book failed: ${JSON.stringify(answer)}`);
  }
  return jKey;
}
