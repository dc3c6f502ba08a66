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
