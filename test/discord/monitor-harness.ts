import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AuditLog } from '../../src/core/audit/index.js';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { renderCandleChart } from '../../src/core/chart/index.js';
import { type BrokerClient, createBrokerClient } from '../../src/core/client/index.js';
import { loadConfig } from '../../src/core/config/index.js';
import { OrderGate } from '../../src/core/gate/index.js';
import { Redactor } from '../../src/core/redact.js';
import { OrderWatcher } from '../../src/core/watcher/index.js';
import { deployCommands } from '../../src/discord/deploy.js';
import type { DeskSettings } from '../../src/discord/deps.js';
import { type DiscordDesk, startDiscordDesk } from '../../src/discord/desk.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { FakeClock } from '../core/support/fake-clock.js';
import {
  ALICE,
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  APPROVER_ROLE,
  BOT_TOKEN,
  GUILD_ID,
  MONITOR_CHANNEL,
} from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { recordingLogger } from '../helpers/logs.js';
import { placeOutside, type SimHarness, simCredentials, startSim } from '../helpers/sim.js';
import { buttonsOf } from './harness.js';

/** 10:00 to 15:31 IST: past the session's close, when the paper broker cancels what is still open. */
export const TO_AFTER_CLOSE_MS = (5 * 60 + 31) * 60_000;

/** The gate, the watcher and the audit log of one process (a restart makes new ones). */
interface Process {
  readonly audit: AuditLog;
  readonly watcher: OrderWatcher;
  readonly gate: OrderGate;
  desk: DiscordDesk | undefined;
}

/**
 * A paper broker keeping real hours (10:00 IST on a Friday), the real client, gate and order watcher
 * on one data dir, and the real desk with its monitoring channel on the fake Discord. The watcher looks
 * at the books when a test polls it (or when the gate follows its orders), never on its own.
 */
export interface MonitorHarness {
  readonly h: SimHarness;
  readonly fake: FakeDiscord;
  readonly clock: FakeClock;
  readonly client: BrokerClient;
  readonly dataDir: string;
  /** The outbox file. */
  readonly outboxPath: string;
  /** What the desk logged, one `level message fields` line each. */
  readonly logs: string[];
  readonly watcher: OrderWatcher;
  readonly gate: OrderGate;
  readonly desk: DiscordDesk | undefined;
  /** One look at the books. */
  poll(): Promise<unknown>;
  /** Places an order straight on the broker's API, as the broker's own app would (no omsdesk tag). */
  placeOutside(order: Record<string, string>): Promise<string>;
  /** The monitoring channel's messages, oldest first. */
  messages(): FakeMessage[];
  /** The monitoring channel's message for a broker order. */
  messageOf(orderNumber: string): FakeMessage | undefined;
  /** Waits until the order's message matches. */
  messageWhere(orderNumber: string, test: (m: FakeMessage) => boolean, what: string): Promise<FakeMessage>;
  /** Clicks Confirm on a ticket's card as Alice, once the card is up. */
  confirm(ticketId: string): Promise<void>;
  /** An MCP client of this process, confirming orders on Discord cards. */
  mcp(): Promise<Client>;
  /** Moves the paper broker and the fake clock forward together. */
  advance(ms: number): Promise<void>;
  /** Stops the desk (as at a shutdown); the watcher and the gate go on. */
  stopDesk(): Promise<void>;
  /** Starts the desk again on the same data dir. */
  startDesk(): Promise<void>;
  /**
   * Stops the desk, the watcher, the gate and the audit log, runs `whileDown`, and starts new ones on the
   * same data dir: the new watcher looks at the books before the new desk is up.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Moves an instrument's price on the paper broker (resting orders it crosses fill). */
  movePrice(token: string, price: number): Promise<void>;
  /** Waits until the monitor's next retry is `ms` away on the fake clock (its backoff), and returns. */
  backoff(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Resolves once `probe` holds, checking every few milliseconds of real time; fails after `timeoutMs`. */
export async function until(
  probe: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 8_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The order number a monitoring message is about (from its footer). */
export function orderOfMessage(message: FakeMessage): string | undefined {
  const footer = (message.embeds[0]?.footer as { text?: string } | undefined)?.text ?? '';
  return /^order (\S+)/.exec(footer)?.[1];
}

/** Starts everything on a fresh data dir; `journalSize` bounds the watcher's journal of events. */
export async function startMonitorDesk(o: { journalSize?: number } = {}): Promise<MonitorHarness> {
  const h = await startSim({ hours: 'real' });
  const dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-monitor-'));
  const fake = await FakeDiscord.start();
  const config = loadConfig({ env: { OMSDESK_DATA_DIR: dataDir, OMSDESK_SIM_HOURS: 'real' } });
  const clock = new FakeClock({ start: h.clock.now(), auto: false });
  const client = createBrokerClient({
    baseUrl: h.sim.url,
    credentials: simCredentials(h),
    rateLimits: false,
    // On the wall clock, a shared answer would make what a test reads depend on its speed.
    sharing: false,
    timeouts: { headersMs: 3_000, requestMs: 4_000 },
  });
  const master = parseInstrumentCatalog(instrumentsCsv(h.sim.market.universe(h.clock.now())));
  const catalog = () => master;
  const settings: DeskSettings = {
    guildId: GUILD_ID,
    approvers: [ALICE.id, APPROVER_ROLE],
    approvalsChannel: APPROVALS_CHANNEL,
    monitorChannel: MONITOR_CHANNEL,
    fourEyes: false,
    readOnly: false,
  };
  const { logger, logs } = recordingLogger();
  const outboxPath = join(dataDir, 'discord-monitor.json');
  const anchor = { path: `${config.audit.path}.anchor`, keyPath: join(dataDir, 'keys', 'audit.key') };
  const clients: Client[] = [];

  const open = async (): Promise<Process> => {
    const audit = await AuditLog.open(config.audit.path, clock, new Redactor(), { anchor });
    const watcher = new OrderWatcher({
      broker: client,
      clock,
      statePath: join(dataDir, 'watcher.json'),
      ...(o.journalSize === undefined ? {} : { journalSize: o.journalSize }),
    });
    const gate = await OrderGate.open({
      feed: watcher,
      broker: client,
      catalog,
      audit,
      clock,
      policy: config.policy,
      ttlMs: 120_000,
      acceptWaitMs: 2_000,
    });
    return { audit, watcher, gate, desk: undefined };
  };
  const startDesk = async (p: Process): Promise<void> => {
    p.desk = await startDiscordDesk({
      token: BOT_TOKEN,
      apiUrl: fake.api,
      deps: {
        client,
        catalog,
        gate: p.gate,
        settings,
        clock,
        logger,
        renderChart: renderCandleChart,
        monitor: { feed: p.watcher, statePath: outboxPath, holidays: [] },
      },
    });
  };
  const stop = async (p: Process): Promise<void> => {
    await p.desk?.close();
    p.desk = undefined;
    p.watcher.close();
    p.gate.close();
    await p.audit.close();
  };

  let current: Process | undefined;
  try {
    await deployCommands({
      token: BOT_TOKEN,
      apiUrl: fake.api,
      applicationId: APPLICATION_ID,
      guildId: GUILD_ID,
      settings,
    });
    current = await open();
    await startDesk(current);
  } catch (error) {
    if (current) await stop(current);
    await fake.close();
    await client.close();
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const now = (): Process => current as Process;
  const messageOf = (n: string): FakeMessage | undefined =>
    fake.messages(MONITOR_CHANNEL).find((m) => orderOfMessage(m) === n);
  const cardOf = (id: string): FakeMessage | undefined =>
    fake.messages(APPROVALS_CHANNEL).find((m) => m.embeds.some((e) => String(e.title ?? '').includes(id)));

  return {
    h,
    fake,
    clock,
    client,
    dataDir,
    outboxPath,
    logs,
    get watcher() {
      return now().watcher;
    },
    get gate() {
      return now().gate;
    },
    get desk() {
      return now().desk;
    },
    poll: () => now().watcher.poll(),
    placeOutside: (order) => placeOutside(h, order),
    messages: () => fake.messages(MONITOR_CHANNEL),
    messageOf,
    messageWhere: (n, test, what) =>
      fake.waitFor(() => {
        const m = messageOf(n);
        return m && test(m) ? m : undefined;
      }, `the monitoring message of order ${n}: ${what}`),
    async confirm(ticketId) {
      const card = await fake.waitFor(() => {
        const c = cardOf(ticketId);
        return c && buttonsOf(c).length === 2 ? c : undefined;
      }, `the card of ${ticketId}`);
      await fake.ack(fake.click(card, `confirm:${ticketId}`, { user: ALICE, channelId: APPROVALS_CHANNEL }));
    },
    async mcp() {
      const server = createMcpServer({
        client,
        catalog,
        gate: now().gate,
        confirm: { mode: 'discord', allowToolConfirmLive: false },
        readOnly: false,
        broker: 'paper',
        approvalChannel: (now().desk as DiscordDesk).approvals,
        orders: now().watcher,
        clock,
        timings: { progressIntervalMs: 20, settleWaitMs: 1_500 },
      });
      const c = new Client({ name: 'omsdesk-test', version: '1.0.0' }, { capabilities: {} });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await c.connect(clientSide);
      clients.push(c);
      return c;
    },
    async advance(ms) {
      await h.post('/_sim/clock/advance', { ms });
      await clock.advance(ms);
    },
    stopDesk: async () => {
      await now().desk?.close();
      now().desk = undefined;
    },
    startDesk: () => startDesk(now()),
    async restart(whileDown) {
      await stop(now());
      await whileDown?.();
      current = await open();
      // As a process starts: the watcher loads its last view and looks at the books before the desk is up.
      await current.watcher.poll();
      await startDesk(current);
    },
    async movePrice(token, price) {
      const answer = await h.post('/_sim/price', { exchange: 'NSE', token, price });
      if (answer.status !== 200) throw new Error(`could not move the price: ${answer.text}`);
    },
    backoff: (ms) =>
      until(
        () => clock.nextAt !== undefined && clock.nextAt - clock.now() === ms,
        `the monitor to wait ${ms} ms before its next try`,
      ),
    async close() {
      for (const c of clients) await c.close();
      await stop(now());
      await fake.close();
      await client.close();
      await h.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
