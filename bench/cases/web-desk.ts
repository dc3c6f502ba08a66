import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog } from '../../src/core/audit/index.js';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { createBrokerClient } from '../../src/core/client/index.js';
import { systemClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/core/config/index.js';
import { OrderGate } from '../../src/core/gate/index.js';
import type { Person } from '../../src/core/people/index.js';
import { Redactor } from '../../src/core/redact.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { createMarket } from '../../src/sim/market/market.js';
import { createWebDesk } from '../../src/web/desk/web-desk.js';
import { FormGuard } from '../../src/web/sign-in/csrf.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';
import { paperCredentials } from '../support/login.js';
import { serversOf } from '../support/servers.js';

const DESK = 'GET /desk, 5 tickets waiting';
const TICKET = 'GET /tickets/{id}';
const ASSET = 'GET /desk.css (the HTTP floor)';
const RAVI: Person = { id: 'ravi', role: 'approver' };

/** The web desk's pages, signed in, on the paper broker: what a person waits for on each page. */
export const webDeskCase: BenchCase = {
  name: 'web-desk',
  title: 'Web desk pages, signed in, 5 tickets waiting, 1 in flight, paper broker',
  proves:
    'A page of the desk (the session and person re-checked, tickets rendered with the market now, ' +
    "shared by every viewer) answers fast; target: /desk's p90 under 100 ms, counted above a static file.",
  async run(ctx) {
    const servers = await serversOf(ctx);
    const dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-bench-desk-'));
    const broker = createBrokerClient({
      baseUrl: servers.simUrl,
      credentials: paperCredentials(),
      rateLimits: false,
    });
    const config = loadConfig({ env: { OMSDESK_DATA_DIR: dataDir } });
    const catalog = parseInstrumentCatalog(
      instrumentsCsv(createMarket({ seed: 1, hours: 'always' }).universe(Date.now())),
    );
    const audit = await AuditLog.open(config.audit.path, systemClock, new Redactor());
    const gate = await OrderGate.open({
      broker,
      catalog: () => catalog,
      audit,
      clock: systemClock,
      policy: config.policy,
    });
    const server = createServer();
    try {
      await broker.login();
      const asker = { channel: 'mcp', id: 'bench', person: 'asha' };
      const ids: string[] = [];
      for (const instrument of ['RELIANCE', 'TCS', 'INFY', 'SBIN', 'HDFCBANK']) {
        const order = { instrument, side: 'BUY', quantity: 1, priceType: 'MKT', product: 'C' } as const;
        ids.push((await gate.preview({ kind: 'single', order }, asker, undefined, 'discord')).id);
      }
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const desk = createWebDesk(
        {
          gate,
          orders: { orders: () => [], subscribe: () => () => undefined },
          people: {
            byId: async (id) => (id === RAVI.id ? RAVI : undefined),
            byDiscord: async () => undefined,
            tokenActiveFor: async () => true,
            authenticate: async () => ({
              ok: true,
              person: RAVI,
              tokenId: 'bench',
              expires: Date.now() + 3_600_000,
            }),
          },
          audit,
          quote: (ref) => broker.getQuote(ref),
          fourEyes: true,
          logger: { debug() {}, info() {}, warn() {}, error() {} } as never,
          now: Date.now,
        },
        { publicUrl, guard: new FormGuard(randomBytes(32), publicUrl) },
      );
      server.on('request', (req, res) => void desk.handle(req, res, new URL(req.url ?? '/', publicUrl)));
      const cookie = await signIn(publicUrl);
      const get = async (path: string) => {
        const answer = await fetch(`${publicUrl}${path}`, { headers: { cookie } });
        if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
        await answer.text();
      };
      const c = await compare(
        [
          { name: DESK, op: () => get('/desk') },
          { name: TICKET, op: (i) => get(`/tickets/${ids[i % ids.length]}`) },
          { name: ASSET, op: () => get('/desk.css') },
        ],
        { scale: ctx.scale, opsPerRound: 200, concurrency: 1 },
      );
      desk.close();
      return {
        contenders: c.contenders,
        ratios: [
          c.difference('/desk p90 - static p90', DESK, ASSET, 'p90', 100),
          c.difference('/tickets/{id} p90 - static p90', TICKET, ASSET, 'p90', 100),
        ],
      };
    } finally {
      server.close();
      gate.close();
      await audit.close();
      await broker.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** Signs in as a person does with a personal token, and returns the session cookie. */
async function signIn(publicUrl: string): Promise<string> {
  const page = await fetch(`${publicUrl}/sign-in`);
  const pre = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const html = await page.text();
  const csrf =
    /action="\/sign-in\/token"><input type="hidden" name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(`${publicUrl}/sign-in/token`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: pre, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, token: 'bench', next: '/desk' }).toString(),
  });
  const session = answer.headers.getSetCookie().find((c) => c.startsWith('omsdesk_desk='));
  if (answer.status !== 303 || session === undefined)
    throw new Error(`sign-in failed: HTTP ${answer.status}`);
  return session.split(';')[0] ?? '';
}
