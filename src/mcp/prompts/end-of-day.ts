import type { McpServer } from '@modelcontextprotocol/server';
import type { Era, ResolvedDeps } from '../context.js';
import { getLimitsTool } from '../tools/get-limits.js';
import { getOrderBookTool } from '../tools/get-order-book.js';
import { getTradeBookTool } from '../tools/get-trade-book.js';
import { nowIst, promptContext, section, userMessage } from './compose.js';

/** `end_of_day`: the day's trading summed up: orders, fills, rejections, what is left, cash and margin. */
export function registerEndOfDay(server: McpServer, ready: Promise<ResolvedDeps>, era: Era): void {
  server.registerPrompt(
    'end_of_day',
    {
      title: 'End-of-day summary',
      description:
        "Today's trading summed up: orders, fills, rejections and why, what is still open, cash and margin.",
    },
    async (req) => {
      const ctx = await promptContext('end_of_day', await ready, server, req, era);
      const sections = await Promise.all([
        section(ctx, 'Orders today', getOrderBookTool, { limit: 100 }),
        section(ctx, 'Fills today', getTradeBookTool, { limit: 100 }),
        section(ctx, 'Limits', getLimitsTool),
      ]);
      return userMessage(ctx, [
        `Sum up today's trading on this account, from what omsdesk reports at ${nowIst(ctx)}:`,
        ...sections,
        'Tell me what was placed, what filled and at what prices, what was rejected and why, what is still open (it may lapse at the close or carry over), and where cash and margin stand at the end of the day.',
      ]);
    },
  );
}
