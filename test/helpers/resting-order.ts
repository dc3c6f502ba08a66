import type { BrokerClient, OrderRequest } from '../../src/core/client/index.js';

/** INFY's limit price 3 % under the market, on the tick grid: a buy there rests at the paper broker. */
export async function underMarket(client: Pick<BrokerClient, 'getQuote'>): Promise<number> {
  const last = (await client.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice ?? 0;
  return Math.round(last * 0.97 * 20) / 20;
}

/** A limit buy of one INFY that rests (a working order), as the client places it. */
export async function restingBuy(client: Pick<BrokerClient, 'getQuote'>): Promise<OrderRequest> {
  return {
    exchange: 'NSE',
    tradingSymbol: 'INFY-EQ',
    side: 'BUY',
    quantity: 1,
    priceType: 'LMT',
    price: await underMarket(client),
    product: 'I',
  };
}
