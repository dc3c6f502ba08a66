import type { McpServer } from '@modelcontextprotocol/server';
import { canRequest, type Person } from '../core/people/index.js';

/** What a server lists that leads to orders: a placement tool, `confirm_order`, the order-review prompt. */
export interface Toggle {
  readonly enabled: boolean;
  enable(): void;
  disable(): void;
}

const ORDERING = new WeakMap<McpServer, Toggle[]>();

/** Marks a registered tool or prompt as leading to orders (hidden from whoever may not place them). */
export function leadsToOrders(server: McpServer, toggle: Toggle): void {
  const list = ORDERING.get(server) ?? [];
  list.push(toggle);
  ORDERING.set(server, list);
}

/** Whether a caller may ask for orders: the single operator without a people file, else by role now. */
export function mayOrder(person: Person | undefined): boolean {
  return person === undefined || canRequest(person);
}

/**
 * Lists what leads to orders only to a caller who may place them (a viewer sees the reads alone), read at
 * each request. Only what differs changes, since a change tells a listening client its lists changed.
 */
export function fitOrdering(server: McpServer, allowed: boolean): void {
  for (const toggle of ORDERING.get(server) ?? []) {
    if (toggle.enabled === allowed) continue;
    if (allowed) toggle.enable();
    else toggle.disable();
  }
}

/**
 * Whether a request answers for a ticket already asked for (the retry that answers a 2026-07-28 round,
 * `confirm_order`, the order card's decision) rather than asking for a new order. Such a call reaches its tool whatever the caller's
 * role now, so the gate judges it, says why it refuses, and records the refusal.
 */
export function decidesTicket(body: unknown): boolean {
  const b = body as { method?: unknown; params?: { name?: unknown; requestState?: unknown } } | null;
  if (b?.method !== 'tools/call') return false;
  return typeof b.params?.requestState === 'string' || DECIDING_TOOLS.has(String(b.params?.name));
}

/** The tools that only decide a ticket already asked for: `confirm_order`, the order card's decision. */
export const DECIDING_TOOLS: ReadonlySet<string> = new Set(['confirm_order', 'decide_on_card']);
