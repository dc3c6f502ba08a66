import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_ERROR_CODES, LANES } from '../../src/core/client/index.js';
import { TICKET_STATUSES } from '../../src/core/gate/index.js';
import { ENDPOINTS, RATE_LIMITS } from '../../src/core/vocabulary/index.js';
import { toolsFor } from '../../src/mcp/listing.js';
import { type RunningCommand, runCommand } from '../helpers/serve-child.js';
import { connect } from '../mcp/http-client.js';

const TOKEN = 'probes-test-token-0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };

let dataDir: string;
let serve: RunningCommand;
let base: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-probes-'));
  serve = await runCommand(['serve', '--port', '0'], {
    OMSDESK_DATA_DIR: dataDir,
    OMSDESK_CONFIRM: 'elicit',
    OMSDESK_MCP_TOKEN: TOKEN,
    // Every broker answer is logged: the events these tests wait for.
    OMSDESK_LOG_LEVEL: 'debug',
    OMSDESK_WATCH_INTERVAL_MS: '250',
  });
  base = new URL(serve.url).origin;
}, 30_000);
afterAll(async () => {
  expect(await serve?.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${base}${path}`, { headers });
  return { status: answer.status, text: await answer.text(), type: answer.headers.get('content-type') };
}

/** The next answer from the broker at `endpoint` with this HTTP status (logged at debug level). */
const nextAnswer = (endpoint: string, status: number) =>
  serve.nextLog((e) => e.message === 'broker answered' && e.endpoint === endpoint && e.httpStatus === status);
const nextOrderBook = (status: number) => nextAnswer('/apiV2/orderBook', status);

describe('the probes of omsdesk serve', () => {
  it('answer without credentials and say only up, or ready', async () => {
    expect(await get('/healthz')).toMatchObject({ status: 200, text: '{"status":"up"}' });
    expect(await get('/readyz')).toMatchObject({ status: 200, text: '{"status":"ready"}' });
  });

  it('say which part is not ready while the broker cannot be reached, and ready again once it answers', async () => {
    const sim = serve.paperBroker();
    const failed = nextOrderBook(503);
    // Every path: a broker that is down answers nothing (the watcher reads two books at once).
    const fault = { fault: { kind: 'error', status: 503 }, count: 'always' };
    await fetch(`${sim}/_sim/faults`, { method: 'POST', body: JSON.stringify(fault) });
    await failed;
    expect(await get('/readyz')).toMatchObject({
      status: 503,
      text: '{"status":"not ready","failing":["broker"]}',
    });
    expect((await get('/healthz')).status).toBe(200);
    const answered = Promise.all([nextOrderBook(200), nextAnswer('/apiV2/tradeBook', 200)]);
    await fetch(`${sim}/_sim/faults`, { method: 'DELETE' });
    await answered;
    expect(await get('/readyz')).toMatchObject({ status: 200, text: '{"status":"ready"}' });
  });

  it('say the data dir is not ready while it cannot be written', async () => {
    const away = `${dataDir}.away`;
    await rename(dataDir, away);
    await writeFile(dataDir, 'a file where the data dir was');
    try {
      expect(await get('/readyz')).toMatchObject({
        status: 503,
        text: '{"status":"not ready","failing":["data dir"]}',
      });
    } finally {
      await rm(dataDir);
      await rename(away, dataDir);
    }
    expect((await get('/readyz')).status).toBe(200);
  });
});

/** Every label value of the metrics text, by label name. */
function labelValues(text: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    for (const [, name, value] of line.matchAll(/(\w+)="([^"]*)"/g)) {
      if (name === undefined || value === undefined) continue;
      found.set(name, (found.get(name) ?? new Set()).add(value));
    }
  }
  return found;
}

describe('the metrics of omsdesk serve', () => {
  it('ask for the MCP bearer token', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer not-the-token-0123456' })).status).toBe(401);
    const answer = await get('/metrics', BEARER);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('count broker requests, tool calls, tickets, orders and the approval wait, with labels from fixed lists only', async () => {
    const { client } = await connect(serve.url, BEARER, true);
    let text: string;
    try {
      await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
      await client.callTool({
        name: 'place_order',
        arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
      });
      ({ text } = await get('/metrics', BEARER));
    } finally {
      await client.close();
    }
    expect(text).toMatch(
      /omsdesk_broker_request_duration_seconds_count\{endpoint="quote",outcome="OK"\} [1-9]/,
    );
    expect(text).toMatch(
      /omsdesk_broker_request_duration_seconds_count\{endpoint="orderBook",outcome="BROKER_UNAVAILABLE"\} [1-9]/,
    );
    expect(text).toMatch(/omsdesk_broker_rate_wait_seconds_count\{category="quotes",lane="people"\} [1-9]/);
    expect(text).toContain(
      'omsdesk_mcp_tool_calls_total{tool="get_quote",protocol="2025-11-25",outcome="ok"} 1',
    );
    expect(text).toContain(
      'omsdesk_mcp_tool_calls_total{tool="place_order",protocol="2025-11-25",outcome="ok"} 1',
    );
    expect(text).toMatch(/omsdesk_orders_total\{outcome="placed"\} 1/);
    expect(text).toContain('omsdesk_approval_wait_seconds_count{decision="approved",path="elicitation"} 1');
    expect(text).toMatch(/omsdesk_tickets\{status="(PLACED|COMPLETE)"\} 1/);
    expect(text).toContain('omsdesk_mcp_sessions 1');
    expect(text).toContain('omsdesk_ready{part="broker"} 1');
    expect(text).not.toContain('omsdesk_discord');

    const allowed: Record<string, readonly string[]> = {
      endpoint: Object.keys(ENDPOINTS),
      outcome: [
        'OK',
        ...BROKER_ERROR_CODES,
        'ok',
        'error',
        'input_required',
        'placed',
        'not_placed',
        'unknown',
        'complete',
        'rejected',
        'canceled',
      ],
      category: Object.keys(RATE_LIMITS),
      lane: LANES,
      tool: toolsFor({
        readOnly: false,
        confirm: { mode: 'tool', allowToolConfirmLive: false },
        broker: 'paper',
      }).map((t) => t.name),
      protocol: ['2025-11-25', '2026-07-28'],
      status: TICKET_STATUSES,
      decision: ['approved', 'declined', 'expired'],
      path: ['discord', 'elicitation', 'tool', 'none'],
      part: ['starting', 'broker', 'data dir', 'audit log', 'people file', 'discord'],
      le: [],
    };
    for (const [label, values] of labelValues(text)) {
      if (label === 'le') continue;
      expect(allowed[label], `label ${label}`).toBeDefined();
      for (const value of values) expect(allowed[label], `${label}="${value}"`).toContain(value);
    }
    // Nothing a person typed, and no secret.
    expect(text).not.toContain('RELIANCE');
    expect(text).not.toContain(TOKEN);
  });
});
