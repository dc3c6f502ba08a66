import { createBrokerClient } from '../../src/core/client/index.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';
import { loginKey, paperCredentials } from '../support/login.js';
import { quoteFixture } from '../support/quote-fixture.js';

const IN_FLIGHT = 8;
const CLIENT = 'omsdesk client.getQuote';
const FETCH = 'fetch, a new connection per call';
const PROBE_CALLS = 20;

/** One quote the way the vendor SDKs call: `fetch` with `Connection: close`, so each call connects anew. */
function fetchPerCall(url: string, body: string, headers: Readonly<Record<string, string>>) {
  return async (): Promise<void> => {
    const res = await fetch(`${url}/apiV2/getQuotes`, {
      method: 'POST',
      headers: { ...headers, connection: 'close' },
      body,
    });
    JSON.parse(await res.text());
  };
}

/** The client against `fetch` as the vendor SDKs use it, against the paper broker. */
export const clientVsFetchCase: BenchCase = {
  name: 'client-fetch-paper-8',
  title: `client vs fetch with a new connection per call, ${IN_FLIGHT} in flight, paper broker`,
  proves:
    'What keep-alive and the client buy over the vendor SDKs way of calling (a connection per call), ' +
    'on the same quote and the same bytes; target: at least 3x the throughput of fetch.',
  async run(ctx) {
    const f = await quoteFixture(ctx);
    const url = f.servers.simUrl;
    const body = f.clientBody.replaceAll(f.key, await loginKey(url));
    // Proof that the contender really connects per call: the bare server counts its connections.
    const before = (await f.servers.stats()).cannedConnections;
    const probe = fetchPerCall(f.servers.cannedUrl, f.clientBody, f.headers);
    for (let i = 0; i < PROBE_CALLS; i++) await probe();
    const opened = (await f.servers.stats()).cannedConnections - before;
    const client = createBrokerClient({
      baseUrl: url,
      credentials: paperCredentials(),
      rateLimits: false,
      sharing: false,
    });
    try {
      await client.login();
      const c = await compare(
        [
          { name: CLIENT, op: () => client.getQuote({ exchange: 'NSE', token: '2885' }) },
          { name: FETCH, op: fetchPerCall(url, body, f.headers) },
        ],
        { scale: ctx.scale, opsPerRound: 1_500, concurrency: IN_FLIGHT },
      );
      return {
        contenders: c.contenders,
        ratios: [
          c.ratio('client ops/s / fetch per call', CLIENT, FETCH, 'opsPerSecond', 3),
          c.ratio('client p50 / fetch per call p50', CLIENT, FETCH, 'p50'),
          c.ratio('client CPU per call / fetch per call', CLIENT, FETCH, 'cpuPerOpUs'),
        ],
        checks: [
          {
            name: 'fetch opens a connection per call',
            ok: opened === PROBE_CALLS,
            detail: `${opened} connections for ${PROBE_CALLS} calls`,
          },
        ],
      };
    } finally {
      await client.close();
    }
  },
};
