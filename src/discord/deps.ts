import type { InstrumentCatalog } from '../core/catalogue/index.js';
import type { CandleChart, CandleChartInput } from '../core/chart/index.js';
import type { BrokerReads } from '../core/client/types.js';
import type { Clock } from '../core/clock.js';
import type { OrderGate } from '../core/gate/index.js';
import type { Logger } from '../core/logger.js';
import type { PeopleDirectory } from '../core/people/index.js';
import type { OrderWatcher } from '../core/watcher/index.js';

/** The broker calls the desk may make itself: reads only (orders go through the gate). */
export type DeskClient = BrokerReads;

/** The gate operations the desk uses. */
export type DeskGate = Pick<
  OrderGate,
  | 'preview'
  | 'approve'
  | 'decline'
  | 'get'
  | 'find'
  | 'status'
  | 'list'
  | 'onChange'
  | 'bindCard'
  | 'refuseDecision'
  | 'carriedOver'
  | 'halt'
  | 'cancel'
  | 'onKillFilePull'
  | 'resume'
  | 'killSwitch'
  | 'usageOf'
  | 'policy'
>;

/** With a people file: who each Discord user is (linked by their user id), and their own tokens. */
export type DeskPeople = Pick<PeopleDirectory, 'byDiscord' | 'own'>;

/** The order watcher as the monitoring channel follows it: its events, its view of today, its last number. */
export type MonitorFeed = Pick<OrderWatcher, 'subscribe' | 'orders' | 'order' | 'lastSeq' | 'previousDay'>;

/** What the monitoring channel runs on besides the channel itself. */
export interface MonitorSource {
  /** The order watcher, started (its last view loaded) before the desk, as the runtime does. */
  readonly feed: MonitorFeed;
  /** The outbox file (in the data dir: it belongs to this process alone). */
  readonly statePath: string;
  /** Exchange holidays (`YYYY-MM-DD`): no day summary on them. */
  readonly holidays: readonly string[];
}

/** Draws a candlestick chart (volume bars, IST time axis, title, last price) as a PNG. */
export type ChartRenderer = (input: CandleChartInput) => CandleChart;

/** Who may do what, and where. */
export interface DeskSettings {
  /** The one server the bot serves. */
  readonly guildId: string;
  /** User ids and role ids allowed to approve; empty makes the desk read-only (without a people file). */
  readonly approvers: readonly string[];
  /** A people file rules who may do what: its approvers approve, halt and resume (`approvers` is empty). */
  readonly withPeople?: boolean;
  readonly approvalsChannel?: string;
  readonly monitorChannel?: string;
  /** The requester of an order may not approve it. */
  readonly fourEyes: boolean;
  /** `OMSDESK_READ_ONLY`: no order commands at all. */
  readonly readOnly: boolean;
  /** `OMSDESK_HALT_CANCELS`: `/halt` also cancels every working order unless told otherwise. */
  readonly haltCancels?: boolean;
  /** With the web desk (`OMSDESK_PUBLIC_URL`): a ticket's page, which cards and order posts link. */
  readonly ticketUrl?: (ticketId: string) => string;
}

/** Everything the desk is built from. */
export interface DeskDeps {
  readonly client: DeskClient;
  /** The current instrument master. */
  readonly catalog: () => InstrumentCatalog;
  readonly gate: DeskGate;
  readonly settings: DeskSettings;
  /** Draws `/candles` (the product's renderer; tests may watch what it is given). */
  readonly renderChart: ChartRenderer;
  /** The monitoring channel's feed and outbox; with `settings.monitorChannel`, the desk runs the channel. */
  readonly monitor?: MonitorSource;
  /** The broker's clock (default: the system clock). */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Removes known secrets from any text the desk sends or logs (the runtime's redactor). */
  readonly redact?: (text: string) => string;
  /** With a people file (then `settings.withPeople`). */
  readonly people?: DeskPeople;
}
