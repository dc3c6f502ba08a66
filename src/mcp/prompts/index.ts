import type { McpServer } from '@modelcontextprotocol/server';
import type { Era, ResolvedDeps } from '../context.js';
import { registerEndOfDay } from './end-of-day.js';
import { registerMorningBrief } from './morning-brief.js';
import { registerOrderReview } from './order-review.js';

/** The prompts a trader picks from (slash commands in most clients); each reads the account when used. */
export function registerPrompts(
  server: McpServer,
  ready: Promise<ResolvedDeps>,
  era: Era,
  placing: boolean,
): void {
  registerMorningBrief(server, ready, era);
  if (placing) registerOrderReview(server, ready, era);
  registerEndOfDay(server, ready, era);
}
