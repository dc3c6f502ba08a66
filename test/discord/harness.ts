import { type InstrumentCatalog, parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { type CandleChartInput, renderCandleChart } from '../../src/core/chart/index.js';
import {
  type BrokerClient,
  type BrokerClientOptions,
  createBrokerClient,
} from '../../src/core/client/index.js';
import { deployCommands } from '../../src/discord/deploy.js';
import type { ChartRenderer, DeskClient, DeskPeople, DeskSettings } from '../../src/discord/deps.js';
import { type DiscordDesk, startDiscordDesk } from '../../src/discord/desk.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { type GateHarness, type GateTestOptions, startGate } from '../core/gate/harness.js';
import {
  ALICE,
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  APPROVER_ROLE,
  BOT_TOKEN,
  CAROL,
  type FakeUser,
  GUILD_ID,
  MONITOR_CHANNEL,
  TRADING_CHANNEL,
} from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { FakeDiscord, type InteractionRecord } from '../fakes/discord/server.js';
import { recordingLogger } from '../helpers/logs.js';
import { totpFor } from '../helpers/sim.js';

/** How a test's desk is set up. */
export interface DeskOptions {
  /** Approver user and role ids (default: Alice by id, Bob by role). */
  readonly approvers?: readonly string[];
  readonly fourEyes?: boolean;
  /** OMSDESK_HALT_CANCELS: /halt also cancels every working order unless told otherwise. */
  readonly haltCancels?: boolean;
  readonly readOnly?: boolean;
  /** OMSDESK_ policy variables for the gate (caps). */
  readonly env?: Record<string, string>;
  readonly ttlMs?: number;
  /** How long a read may take before the client gives up (default 2 s; raise for a slow broker). */
  readonly readTimeoutMs?: number;
  /** How long the fake Discord lets an interaction wait for its acknowledgement (default 3 s). */
  readonly ackDeadlineMs?: number;
  /** More options of a read client of the desk's own (its rate limits, sharing). */
  readonly readClient?: Partial<BrokerClientOptions>;
  /** What the desk is given as its client, made from the read client (to watch what it is asked). */
  readonly reads?: (client: BrokerClient) => DeskClient;
  /** More options of the gate underneath (its people). */
  readonly gate?: GateTestOptions;
  /** With a people file: who is who (the desk then has no approver list). */
  readonly people?: DeskPeople;
  /** The web desk's ticket pages, which cards link when it runs. */
  readonly ticketUrl?: (id: string) => string;
}

/** What the order commands of these tests ask for unless told otherwise. */
const BUY_ONE = { side: 'BUY', instrument: 'RELIANCE', quantity: 1, price_type: 'MKT' };

/** A real discord.js bot against the fake Discord, over a real gate on a real paper broker. */
export interface DeskHarness {
  readonly g: GateHarness;
  readonly fake: FakeDiscord;
  /** The running desk (a new one after `restart`). */
  readonly desk: DiscordDesk;
  readonly catalog: () => InstrumentCatalog;
  readonly settings: DeskSettings;
  /** What the chart test double was asked to draw. */
  readonly charts: CandleChartInput[];
  /** What the desk logged, one `level message fields` line each. */
  readonly logs: string[];
  /** Asks for `/order` (default: buy 1 RELIANCE at market) as `user` (default Carol); resolves with the ticket id once its card is posted with its buttons. */
  requested(values?: Record<string, unknown>, user?: FakeUser): Promise<string>;
  /** Runs a slash command in the trading channel (or `channelId`) as `user` (default Alice). */
  run(name: string, values?: Record<string, unknown>, user?: FakeUser, channelId?: string): InteractionRecord;
  /** The card of a ticket in the approvals channel, as it is now. */
  card(ticketId: string): FakeMessage | undefined;
  /** Waits until the ticket's card matches. */
  cardWhere(ticketId: string, test: (card: FakeMessage) => boolean, what: string): Promise<FakeMessage>;
  /** Clicks Confirm or Reject on a ticket's card as `user`. */
  click(ticketId: string, decision: 'confirm' | 'reject', user: FakeUser): InteractionRecord;
  /** Orders the paper broker holds today. */
  brokerOrders(): Promise<number>;
  /**
   * Stops the desk and its gate and starts new ones on the same audit log, broker and Discord, as a new
   * process would. `crash`: the stopping desk cannot reach Discord (its cards keep what they showed);
   * `downMs`: how long the process stays down (the clock moves on).
   */
  restart(options?: { crash?: boolean; downMs?: number }): Promise<void>;
  close(): Promise<void>;
}

/** The product's chart renderer, remembering what it was asked to draw. */
function watchedChartRenderer(seen: CandleChartInput[]): ChartRenderer {
  return (input) => {
    seen.push(input);
    return renderCandleChart(input);
  };
}

/** Text as Discord shows it: a backslash before punctuation escapes it and is not shown. */
export function shown(text: string): string {
  return text.replace(/\\([^0-9A-Za-z\s])/g, '$1');
}

/** All the text of a message as Discord shows it: content, embed titles, descriptions, fields and footers. */
export function textOf(message: FakeMessage): string {
  return shown(rawTextOf(message));
}

/** All the text of a message as sent, escapes included. */
export function rawTextOf(message: FakeMessage): string {
  const embeds = message.embeds.map((e) => {
    const fields = ((e.fields ?? []) as Array<{ name: string; value: string }>).map(
      (f) => `${f.name}: ${f.value}`,
    );
    return [e.title, e.description, ...fields, (e.footer as { text?: string } | undefined)?.text]
      .filter(Boolean)
      .join('\n');
  });
  return [message.content, ...embeds].filter((t) => t !== '').join('\n');
}

/** The custom ids of a message's buttons. */
export function buttonsOf(message: FakeMessage): string[] {
  return message.components.flatMap((row) =>
    ((row.components ?? []) as Array<{ custom_id?: string }>).map((c) => c.custom_id ?? ''),
  );
}

/** A read client with its own timeouts (the gate's client cuts requests at 2 s). */
function readClient(
  g: GateHarness,
  timeoutMs: number,
  more: Partial<BrokerClientOptions> = {},
): BrokerClient {
  return createBrokerClient({
    baseUrl: g.h.sim.url,
    credentials: {
      userId: 'SIM001',
      password: 'sim-pass',
      apiKey: 'sim-api-key',
      vendorCode: 'SIM001_API',
      totp: () => totpFor(g.h.clock.now()),
    },
    rateLimits: false,
    sharing: false,
    timeouts: { headersMs: timeoutMs, requestMs: timeoutMs },
    ...more,
  });
}

/** Starts the paper broker, the gate, the fake Discord, registers the commands and logs the bot in. */
export async function startDesk(o: DeskOptions = {}): Promise<DeskHarness> {
  const g = await startGate(o.env ?? {}, { ttlMs: o.ttlMs ?? 120_000, acceptWaitMs: 1_500, ...o.gate });
  const fake = await FakeDiscord.start(
    o.ackDeadlineMs === undefined ? {} : { ackDeadlineMs: o.ackDeadlineMs },
  );
  const reads =
    o.readTimeoutMs === undefined && o.readClient === undefined
      ? g.client
      : readClient(g, o.readTimeoutMs ?? 2_000, o.readClient);
  const master = parseInstrumentCatalog(instrumentsCsv(g.h.sim.market.universe(g.h.clock.now())));
  const catalog = () => master;
  const settings: DeskSettings = {
    guildId: GUILD_ID,
    approvers: o.approvers ?? (o.people ? [] : [ALICE.id, APPROVER_ROLE]),
    approvalsChannel: APPROVALS_CHANNEL,
    monitorChannel: MONITOR_CHANNEL,
    fourEyes: o.fourEyes ?? false,
    readOnly: o.readOnly ?? false,
    ...(o.haltCancels === undefined ? {} : { haltCancels: o.haltCancels }),
    ...(o.people ? { withPeople: true } : {}),
    ...(o.ticketUrl === undefined ? {} : { ticketUrl: o.ticketUrl }),
  };
  const charts: CandleChartInput[] = [];
  const { logger, logs } = recordingLogger();
  const launch = () =>
    startDiscordDesk({
      token: BOT_TOKEN,
      apiUrl: fake.api,
      deps: {
        client: o.reads?.(reads) ?? reads,
        catalog,
        gate: g.gate,
        settings,
        clock: g.clock,
        logger,
        renderChart: watchedChartRenderer(charts),
        ...(o.people ? { people: o.people } : {}),
      },
    });
  let desk: DiscordDesk;
  try {
    await deployCommands({
      token: BOT_TOKEN,
      apiUrl: fake.api,
      applicationId: APPLICATION_ID,
      guildId: GUILD_ID,
      settings,
    });
    desk = await launch();
  } catch (error) {
    await fake.close();
    if (reads !== g.client) await reads.close();
    await g.close();
    throw error;
  }
  const cardOf = (id: string): FakeMessage | undefined =>
    fake.messages(APPROVALS_CHANNEL).find((m) => m.embeds.some((e) => String(e.title ?? '').includes(id)));
  return {
    g,
    fake,
    get desk() {
      return desk;
    },
    catalog,
    settings,
    charts,
    logs,
    run: (name, values = {}, user = ALICE, channelId = TRADING_CHANNEL) =>
      fake.command(name, values, { user, channelId }),
    async requested(values = BUY_ONE, user = CAROL) {
      const id = ticketIn(
        await fake.reply(fake.command('order', values, { user, channelId: TRADING_CHANNEL })),
      );
      await fake.waitFor(() => {
        const card = cardOf(id);
        return card && buttonsOf(card).length === 2 ? card : undefined;
      }, `card ${id}: posted with its buttons`);
      return id;
    },
    card: cardOf,
    cardWhere: (id, test, what) =>
      fake.waitFor(() => {
        const card = cardOf(id);
        return card && test(card) ? card : undefined;
      }, `card ${id}: ${what}`),
    click(id, decision, user) {
      const card = cardOf(id);
      if (!card) throw new Error(`no card for ${id}`);
      return fake.click(card, `${decision}:${id}`, { user, channelId: APPROVALS_CHANNEL });
    },
    async brokerOrders() {
      return (await g.client.getOrderBook()).length;
    },
    async restart({ crash = false, downMs = 0 } = {}) {
      if (crash) fake.outage('drop');
      await desk.close();
      fake.outage(undefined);
      await g.reopen(undefined, downMs);
      desk = await launch();
    },
    async close() {
      await desk.close();
      await fake.close();
      if (reads !== g.client) await reads.close();
      await g.close();
    },
  };
}

/** The ticket id a requester's reply names. */
export function ticketIn(message: FakeMessage): string {
  const id = /\b(T[A-Z0-9]{8})\b/.exec(textOf(message))?.[1];
  if (!id) throw new Error(`no ticket id in: ${textOf(message)}`);
  return id;
}

export { ALICE, BOB, CAROL } from '../fakes/discord/ids.js';
