import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ticketIds } from '../../src/core/orders/ticket-id.js';
import { DAY_MS } from '../../src/core/vocabulary/index.js';
import { MODEL } from '../../test/core/gate/harness.js';
import { buy, openOfflineGate, START, writeHistory } from '../../test/core/gate/offline-gate.js';
import { FakeClock } from '../../test/core/support/fake-clock.js';
import { compare } from '../harness/compare.js';
import { ratioReport } from '../harness/ratio.js';
import { median, spreadOf } from '../harness/stats.js';
import type { BenchCase } from '../harness/types.js';
import { distReady } from '../support/dist.js';
import { type IsolatedHome, isolatedHome } from '../support/isolated-env.js';
import { type Launch, timeToToolsList } from '../support/stdio-probe.js';

/** Lines of history: two a ticket (previewed, declined), as a busy desk writes in a couple of weeks. */
const TICKETS = 20_000;
const FRESH = 'get_order_status, unknown ticket, fresh data dir';
const HISTORY = `get_order_status, unknown ticket, ${(2 * TICKETS).toLocaleString('en')} lines of history`;
/** A call that needs the gate, hence the audit log opened: the start is over once it is answered. */
const FIRST_CALL = { name: 'get_order_status', arguments: { ticket_id: ticketIds()() } };

/**
 * `omsdesk mcp` (built, stdio, paper broker) over a data dir whose audit log has 40,000 lines (written in
 * the log's own format, as a version before checkpoints left them) against a fresh data dir: the time to
 * the first answered call (`tools/list` is answered before the runtime is up; a call waits for it), and
 * a lookup of a ticket id nobody issued through get_order_status.
 */
export const auditHistoryCase: BenchCase = {
  name: 'audit-history',
  title: 'omsdesk mcp over 40,000 audit lines vs a fresh data dir: start and an unknown-ticket lookup',
  proves:
    'That a start and a ticket lookup cost the same whatever the audit log holds (the checkpoint and the ' +
    'ticket index, not a scan); targets: start within 1.3x, unknown-ticket lookup within 3x of fresh.',
  async run(ctx) {
    const main = await distReady(ctx);
    const fresh = await isolatedHome();
    const history = await isolatedHome();
    try {
      await writeAuditHistory(history);
      const launch = (home: IsolatedHome): Launch => ({ args: [main, 'mcp'], env: home.env, cwd: home.dir });
      const start = async (home: IsolatedHome): Promise<number> => {
        const { callMs } = await timeToToolsList(launch(home), FIRST_CALL);
        if (callMs === undefined) throw new Error('the first call was not answered');
        return callMs;
      };
      // A user's first start creates the key (fresh); over history it reads the old log once and checkpoints it.
      await start(fresh);
      const upgrade = await start(history);
      const runs = ctx.scale.quick ? 2 : ctx.scale.rounds;
      const ours: number[] = [];
      const base: number[] = [];
      for (let r = 0; r < runs; r++) {
        const order = r % 2 === 0 ? [history, fresh] : [fresh, history];
        for (const home of order) (home === history ? ours : base).push(await start(home));
      }
      const lookups = await compareLookups(ctx, main, fresh, history);
      return {
        contenders: lookups.contenders,
        ratios: [
          ratioReport(
            'start over 40,000 lines / fresh, to the first call',
            ours.map((v, i) => v / (base[i] ?? Number.NaN)),
            'lower',
            1.3,
            'x',
          ),
          lookups.ratio('unknown-ticket lookup, history p50 / fresh p50', HISTORY, FRESH, 'p50', 3),
        ],
        figures: [
          {
            name: 'start over 40,000 lines to the first call',
            value: median(ours),
            unit: 'ms',
            spread: spreadOf(ours),
          },
          {
            name: 'start over a fresh data dir to the first call',
            value: median(base),
            unit: 'ms',
            spread: spreadOf(base),
          },
          {
            name: 'first start over the log written before checkpoints (once)',
            value: upgrade,
            unit: 'ms',
          },
        ],
      };
    } finally {
      await fresh.remove();
      await history.remove();
    }
  },
};

/** 40,000 lines of previewed-then-declined tickets in the home's audit log, anchored with its key. */
async function writeAuditHistory(home: IsolatedHome): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'omsdesk-bench-template-'));
  try {
    const template = await openOfflineGate(scratch, new FakeClock({ start: START, auto: false }));
    const ticket = await template.gate.preview(buy, MODEL);
    template.gate.close();
    await template.audit.close();
    const log = join(home.env.OMSDESK_DATA_DIR as string, 'audit.jsonl');
    await writeHistory(log, ticket, TICKETS, Date.now() - DAY_MS, {
      path: `${log}.anchor`,
      keyPath: home.env.OMSDESK_AUDIT_KEY_FILE as string,
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** get_order_status with ids nobody issued, against each home's running omsdesk mcp, interleaved. */
async function compareLookups(ctx: Parameters<BenchCase['run']>[0], main: string, ...homes: IsolatedHome[]) {
  const clients = await Promise.all(
    homes.map(async (home) => {
      const client = new Client({ name: 'omsdesk-bench', version: '1.0.0' });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [main, 'mcp'],
        env: { ...home.env },
        cwd: home.dir,
        stderr: 'ignore',
      });
      await client.connect(transport);
      return client;
    }),
  );
  const madeUp = ticketIds();
  const lookup = (client: Client) => async () => {
    const result = await client.callTool({ name: 'get_order_status', arguments: { ticket_id: madeUp() } });
    if (!result.isError) throw new Error('a made-up ticket id was found');
  };
  try {
    return await compare(
      [
        { name: FRESH, op: lookup(clients[0] as Client) },
        { name: HISTORY, op: lookup(clients[1] as Client) },
      ],
      { scale: ctx.scale, opsPerRound: 200, concurrency: 1 },
    );
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}
