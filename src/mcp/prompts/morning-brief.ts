import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Completions } from '../completions.js';
import type { Era, ResolvedDeps } from '../context.js';
import { getHoldingsTool } from '../tools/get-holdings.js';
import { getLimitsTool } from '../tools/get-limits.js';
import { getOrderBookTool } from '../tools/get-order-book.js';
import { getQuoteTool } from '../tools/get-quote.js';
import { completeInstrument } from './complete.js';
import { nowIst, promptContext, section, userMessage } from './compose.js';

/** `morning_brief`: the account before the day's trading: money, margin, positions, open orders. */
export function registerMorningBrief(
  server: McpServer,
  ready: Promise<ResolvedDeps>,
  era: Era,
  completions: Completions,
): void {
  const prompt = server.registerPrompt(
    'morning_brief',
    {
      title: 'Morning brief',
      description:
        'The account before the day: cash and margin, the positions held, the orders still open, and one instrument to watch.',
      argsSchema: z.object({
        watch: z
          .string()
          .trim()
          .max(64)
          .describe('An instrument to watch today (RELIANCE, NSE:26000).')
          .optional(),
      }),
    },
    async ({ watch }, req) => {
      const ctx = await promptContext('morning_brief', await ready, server, req, era);
      const sections = await Promise.all([
        section(ctx, 'Limits', getLimitsTool),
        section(ctx, 'Positions (holdings)', getHoldingsTool, { limit: 50 }),
        section(ctx, 'Open orders', getOrderBookTool, { status: 'open', limit: 50 }),
        ...(watch ? [section(ctx, `Watching ${watch}`, getQuoteTool, { instrument: watch })] : []),
      ]);
      return userMessage(ctx, [
        `Give me the morning brief for this trading account, from what omsdesk reports at ${nowIst(ctx)}:`,
        ...sections,
        'Tell me the money available to trade and the margin in use; the positions held and anything concentrated or unusual; the orders still open and what they need from me; and what I should decide before the market opens. Suggest orders only as things to review with me: place nothing.',
      ]);
    },
  );
  completions.prompt('morning_brief', prompt, { watch: (typed) => completeInstrument(ready, typed) });
}
