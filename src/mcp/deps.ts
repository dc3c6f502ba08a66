import type { InstrumentCatalog } from '../core/catalogue/index.js';
import type { BrokerReads } from '../core/client/types.js';
import type { Clock } from '../core/clock.js';
import type { CONFIRM_MODES } from '../core/config/index.js';
import type { ApprovalChannel, OrderGate } from '../core/gate/index.js';
import type { Logger } from '../core/logger.js';
import type { PeopleDirectory } from '../core/people/index.js';
import type { OrderEvent, WatchedOrder } from '../core/watcher/index.js';

/** The broker calls the MCP server may make itself: reads only (orders go through the gate). */
export type ReadClient = BrokerReads;

/** The gate operations the MCP server uses. */
export type McpGate = Pick<
  OrderGate,
  | 'preview'
  | 'approve'
  | 'cancel'
  | 'decline'
  | 'get'
  | 'find'
  | 'status'
  | 'recordedTimes'
  | 'list'
  | 'onChange'
  | 'usageOf'
  | 'policy'
>;

/**
 * With a people file: who is who (a person per request: their token over HTTP, `OMSDESK_PERSON` on
 * stdio), and whether four-eyes sends every person's tickets to another approver.
 */
export interface McpPeople {
  readonly directory: Pick<PeopleDirectory, 'byId' | 'refresh'>;
  /** `OMSDESK_PERSON`: who runs a stdio server (HTTP requests name theirs with their token). */
  readonly stdioPerson?: string;
  readonly fourEyes: boolean;
}

/** How a human confirms orders placed through MCP (`OMSDESK_CONFIRM`). */
export type ConfirmMode = (typeof CONFIRM_MODES)[number];

/** The web desk, when it runs (`OMSDESK_PUBLIC_URL` with a people file): where a ticket's page is. */
export interface WebDeskLinks {
  ticketUrl(ticketId: string): string;
}

/** The confirmation settings from configuration. */
export interface ConfirmSettings {
  readonly mode: ConfirmMode;
  /** Lets `tool` confirmation run against a live broker (`OMSDESK_ALLOW_TOOL_CONFIRM_LIVE`). */
  readonly allowToolConfirmLive: boolean;
}

/** Timings of the confirmation paths; defaults suit people, tests shorten them. */
export interface ConfirmTimings {
  /** Longest wait for an elicitation answer (default: until the ticket expires). */
  readonly elicitTimeoutMs?: number;
  /** How often a waiting call sends a progress notification (default 5 s). */
  readonly progressIntervalMs?: number;
  /** How long to wait for the broker's first word on orders approved elsewhere (default 10 s). */
  readonly settleWaitMs?: number;
  /**
   * How long a 2026-07-28 call waits for a Discord approver before answering PENDING with how to follow
   * the ticket (default 20 s, well inside a client's usual 60 s request timeout).
   */
  readonly approverWaitMs?: number;
}

/** The order watcher as the MCP server reads it: today's orders and their changes. */
export interface OrdersView {
  orders(): readonly WatchedOrder[];
  subscribe(listener: (event: OrderEvent) => void): () => void;
}

/** One tool call as it ended: the tool's registered name, the protocol era that served it, how long it took. */
export interface ToolCallReport {
  readonly tool: string;
  readonly era: 'legacy' | 'modern';
  readonly outcome: 'ok' | 'error' | 'input_required';
  readonly ms: number;
}

/** Told of every tool call (metrics); values from fixed lists only, never the call's arguments. */
export interface McpObserver {
  toolCall(report: ToolCallReport): void;
}

/** Everything the MCP server is built from. */
export interface McpDeps {
  readonly client: ReadClient;
  /** The current instrument master. */
  readonly catalog: () => InstrumentCatalog;
  readonly gate: McpGate;
  readonly confirm: ConfirmSettings;
  /** No placement tool is registered when true. */
  readonly readOnly: boolean;
  readonly broker: 'paper' | 'live';
  /** Today's orders from the order watcher: the `omsdesk://orders/today` resource, with change notifications. */
  readonly orders?: OrdersView;
  /** Where humans approve tickets outside the MCP client (the Discord approvals channel). */
  readonly approvalChannel?: ApprovalChannel;
  /**
   * The web desk's ticket pages, when it runs: for confirmation by link (`OMSDESK_CONFIRM=web`), and the
   * order card's Confirm opens the ticket's page there, where the signed-in person decides.
   */
  readonly webDesk?: WebDeskLinks;
  readonly logger?: Logger;
  /** The broker's clock (default: the system clock). */
  readonly clock?: Clock;
  /** Removes known secrets from every result (the runtime's redactor). */
  readonly redact?: (text: string) => string;
  readonly timings?: ConfirmTimings;
  /** Tickets issued for tool confirmation; share one set between the sessions of a process. */
  readonly toolTickets?: Set<string>;
  readonly observer?: McpObserver;
  /** With a people file (without one, the desk has a single operator and this is absent). */
  readonly people?: McpPeople;
  /** How far the market may move before an approval is refused, shown on the order card. */
  readonly driftLimit?: { readonly maxPct: number; readonly minTicks: number };
}
