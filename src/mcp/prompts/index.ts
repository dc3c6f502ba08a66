import type { McpServer } from '@modelcontextprotocol/server';
import type { Completions } from '../completions.js';
import type { Era, ResolvedDeps } from '../context.js';
import type { Toggle } from '../ordering.js';
import { registerEndOfDay } from './end-of-day.js';
import { registerMorningBrief } from './morning-brief.js';
import { registerOrderReview } from './order-review.js';

/**
 * The prompts a trader picks from (slash commands in most clients); each reads the account when used.
 * Returns the one that leads to an order (when `placing`), to be offered only to who may place it.
 */
export function registerPrompts(
  server: McpServer,
  ready: Promise<ResolvedDeps>,
  era: Era,
  placing: boolean,
  completions: Completions,
): Toggle | undefined {
  registerMorningBrief(server, ready, era, completions);
  const review = placing ? registerOrderReview(server, ready, era, completions) : undefined;
  registerEndOfDay(server, ready, era);
  return review;
}
