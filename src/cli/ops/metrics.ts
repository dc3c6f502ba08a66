import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClientObserver } from '../../core/client/index.js';
import type { OrderGate } from '../../core/gate/index.js';
import type { McpObserver } from '../../mcp/deps.js';
import { OrderOutcomes } from './order-outcomes.js';
import type { Readiness } from './readiness.js';

/** Seconds, from a few milliseconds to a minute: a broker request, a wait for a rate slot. */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds a person takes to decide, up to the longest time to live of a ticket. */
const DECISION_BUCKETS = [1, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600];

/** The revision a tool call was served in, by its era (2025-11-25 stands for the session-based ones). */
const PROTOCOL = { legacy: '2025-11-25', modern: '2026-07-28' } as const;

/** What the metrics read at each scrape rather than count as they happen. */
export interface MetricSources {
  readonly gate?: Pick<OrderGate, 'countByStatus'>;
  readonly sessions?: () => number;
  readonly desk?: { gatewayConnected(): boolean; restRateLimited(): number };
  readonly readiness?: Readiness;
}

/** The process's metrics in the Prometheus text format; every label value comes from a fixed list. */
export interface Metrics {
  /** For the broker client: requests, their latency and outcome, rate waits and refusals. */
  readonly client: Required<ClientObserver>;
  /** For the MCP service: tool calls. */
  readonly mcp: McpObserver;
  /** Follows the gate's tickets: orders by outcome, and how long people took to decide. */
  watchGate(gate: Pick<OrderGate, 'onChange' | 'countByStatus'>): void;
  /** Adds sources read at each scrape. */
  read(sources: MetricSources): void;
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}

/** A fresh set of omsdesk's metrics in a registry of their own (no process-wide default registry). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: { -readonly [K in keyof MetricSources]: MetricSources[K] } = {};
  const requests = new Histogram({
    name: 'omsdesk_broker_request_duration_seconds',
    help: 'Requests sent to the broker (each attempt), by endpoint and outcome (OK or the error code); _count counts them.',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: 'omsdesk_broker_rate_limited_total',
    help: 'Answers in which the broker said it is over its rate limit (HTTP 429 or its rate-limit text), by endpoint.',
    labelNames: ['endpoint'] as const,
    registers,
  });
  const waits = new Histogram({
    name: 'omsdesk_broker_rate_wait_seconds',
    help: "Time calls waited for a slot of the client's own rate limits, by rate category and lane.",
    labelNames: ['category', 'lane'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'omsdesk_broker_rate_refusals_total',
    help: 'Calls refused at once, nothing sent, because no rate slot could come before their deadline.',
    labelNames: ['category', 'lane'] as const,
    registers,
  });
  new Gauge({
    name: 'omsdesk_tickets',
    help: 'Tickets the order gate holds (in play, and recently settled), by status.',
    labelNames: ['status'] as const,
    registers,
    collect() {
      this.reset();
      for (const [status, count] of sources.gate?.countByStatus() ?? []) this.set({ status }, count);
    },
  });
  const orders = new Counter({
    name: 'omsdesk_orders_total',
    help: 'Orders sent through the gate, counted once in each outcome they reach: placed, not_placed, unknown, complete, rejected, canceled.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const decisions = new Histogram({
    name: 'omsdesk_approval_wait_seconds',
    help: 'Time from a ticket’s preview to its decision (approved, declined) or expiry, by where it waited (discord, elicitation, tool, none).',
    labelNames: ['decision', 'path'] as const,
    buckets: DECISION_BUCKETS,
    registers,
  });
  const toolCalls = new Counter({
    name: 'omsdesk_mcp_tool_calls_total',
    help: 'MCP tool calls, by tool, protocol revision (2025-11-25 or 2026-07-28) and outcome (ok, error, input_required).',
    labelNames: ['tool', 'protocol', 'outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'omsdesk_mcp_sessions',
    help: 'Open MCP sessions over HTTP (2025-11-25 clients; 2026-07-28 requests need none).',
    registers,
    collect() {
      this.set(sources.sessions?.() ?? 0);
    },
  });
  let restCounted = 0;
  // Registered with a desk only: a process without one shows no Discord metrics.
  const deskMetrics = [
    new Gauge({
      name: 'omsdesk_discord_gateway_connected',
      help: 'Whether the Discord gateway is connected (1) or not (0).',
      registers: [],
      collect() {
        this.set(sources.desk?.gatewayConnected() ? 1 : 0);
      },
    }),
    new Counter({
      name: 'omsdesk_discord_rest_rate_limited_total',
      help: 'Discord REST answers that were 429 (rate limited); discord.js waits them out and retries.',
      registers: [],
      collect() {
        const now = sources.desk?.restRateLimited() ?? 0;
        if (now > restCounted) this.inc(now - restCounted);
        restCounted = now;
      },
    }),
  ];
  new Gauge({
    name: 'omsdesk_ready',
    help: 'Whether each part /readyz checks is well (1) or not (0): broker, data dir, discord, starting.',
    labelNames: ['part'] as const,
    registers,
    async collect() {
      const report = await sources.readiness?.report();
      this.reset();
      for (const part of report?.parts ?? []) this.set({ part }, report?.failing.includes(part) ? 0 : 1);
    },
  });
  const outcomes = new OrderOutcomes((outcome) => orders.inc({ outcome }));
  return {
    client: {
      exchanged({ endpoint, outcome, ms }) {
        requests.observe({ endpoint, outcome }, ms / 1000);
        if (outcome === 'RATE_LIMITED') limited.inc({ endpoint });
      },
      waited: ({ category, lane, ms }) => waits.observe({ category, lane }, (ms ?? 0) / 1000),
      refused: ({ category, lane }) => refusals.inc({ category, lane }),
    },
    mcp: {
      toolCall: ({ tool, era, outcome }) => toolCalls.inc({ tool, protocol: PROTOCOL[era], outcome }),
    },
    watchGate(gate) {
      sources.gate = gate;
      gate.onChange((ticket, event) => {
        outcomes.observe(ticket, event);
        const decision =
          event === 'approved' || event === 'declined' || event === 'expired' ? event : undefined;
        const at = Date.parse(event === 'expired' ? ticket.expiresAt : (ticket.decidedAt ?? ''));
        const waited = (at - Date.parse(ticket.createdAt)) / 1000;
        if (decision !== undefined && Number.isFinite(waited))
          decisions.observe({ decision, path: ticket.waitsFor ?? 'none' }, Math.max(0, waited));
      });
    },
    read(more) {
      if (more.desk !== undefined && sources.desk === undefined)
        for (const metric of deskMetrics) registry.registerMetric(metric);
      Object.assign(sources, more);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
