import { Pool } from 'undici';
import { createBrokerClient } from '../../src/core/client/index.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';
import { loginKey, paperCredentials } from '../support/login.js';
import { quoteFixture } from '../support/quote-fixture.js';

const CLIENT = 'omsdesk client.getQuote';
const BARE = 'bare undici Pool.request + JSON.parse';

/**
 * The client against bare undici on one quote request, the same bytes both ways, against a server that
 * answers canned bytes at once (`instant`: the client's own cost) or against the paper broker.
 */
export function clientVsUndiciCase(server: 'instant' | 'paper', inFlight: 1 | 8): BenchCase {
  return {
    name: `client-undici-${server}-${inFlight}`,
    title: `client vs bare undici, ${inFlight} in flight, ${server === 'instant' ? 'instant server' : 'paper broker'}`,
    proves:
      server === 'instant'
        ? 'What the client adds to a quote call (decoding, mapping, session, signals) over the bare HTTP call ' +
          'with the same bytes, when the server costs nothing; target: client p50 at most 1.5x bare undici.'
        : 'The same comparison against the paper broker, where server time dilutes the client overhead.',
    async run(ctx) {
      const f = await quoteFixture(ctx);
      const url = server === 'instant' ? f.servers.cannedUrl : f.servers.simUrl;
      // At the broker the bare side needs its own live key; the bytes keep their length and order.
      const body = server === 'instant' ? f.clientBody : f.clientBody.replaceAll(f.key, await loginKey(url));
      // Every call reaches the server: sharing would answer most of these identical quotes from one.
      const client = createBrokerClient({
        baseUrl: url,
        credentials: paperCredentials(),
        rateLimits: false,
        sharing: false,
      });
      const pool = new Pool(url, { connections: 8 });
      try {
        await client.login();
        const c = await compare(
          [
            { name: CLIENT, op: () => client.getQuote({ exchange: 'NSE', token: '2885' }) },
            {
              name: BARE,
              op: async () => {
                const res = await pool.request({ path: f.path, method: 'POST', headers: f.headers, body });
                JSON.parse(await res.body.text());
              },
            },
          ],
          { scale: ctx.scale, opsPerRound: inFlight === 1 ? 1_500 : 3_000, concurrency: inFlight },
        );
        return {
          contenders: c.contenders,
          ratios: [
            c.ratio('client p50 / bare undici p50', CLIENT, BARE, 'p50', 1.5),
            c.ratio('client CPU per call / bare undici', CLIENT, BARE, 'cpuPerOpUs'),
            c.ratio('client ops/s / bare undici', CLIENT, BARE, 'opsPerSecond'),
          ],
        };
      } finally {
        await client.close();
        await pool.close();
      }
    },
  };
}
