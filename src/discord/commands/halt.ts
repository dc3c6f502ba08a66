import { SlashCommandBuilder } from 'discord.js';
import type { Actor } from '../../core/audit/index.js';
import type { CancelResult, HaltReport, KillFilePull, Ticket } from '../../core/gate/index.js';
import { actorText } from '../approvals/card.js';
import type { SlashCommand } from '../command.js';
import { cleanText, escapeMarkdown, external } from '../text/escape.js';
import { fitContent } from '../text/limits.js';
import { json } from './options.js';

/** What became of one ticket that left before the halt, in a few words. */
function leftLine(ticket: Ticket): string {
  const orders = ticket.legs.map((leg) => {
    const o = leg.outcome;
    const symbol = escapeMarkdown(leg.instrument.tradingSymbol);
    if (o?.orderNumber) return `${symbol} order ${o.orderNumber}`;
    if (o?.status === 'NOT_PLACED') return `${symbol} not placed (the broker refused it)`;
    return `${symbol} outcome not known yet (/order-status ${ticket.id})`;
  });
  return `- ticket ${ticket.id}: ${orders.join('; ')}`;
}

const PULLED_WORDS: Readonly<Record<CancelResult['outcome'], string>> = {
  cancelled: 'cancelled',
  filled: 'already filled',
  cancelled_before: 'already cancelled',
  rejected: 'already rejected',
  failed: 'NOT cancelled',
  unknown: 'outcome unknown',
};

/**
 * The working orders a halt pulled, every one by number: grouped by what became of it (a hundred fit in
 * a message), and each that was not cancelled with why.
 */
function pulledLines(pulled: readonly CancelResult[]): string {
  if (pulled.length === 0) return 'No order was working, so none was cancelled.';
  const cancelled = pulled.filter((p) => p.outcome === 'cancelled');
  const lines = [`It cancelled ${cancelled.length} of ${pulled.length} working orders.`];
  for (const outcome of Object.keys(PULLED_WORDS) as CancelResult['outcome'][]) {
    const these = pulled.filter((p) => p.outcome === outcome);
    if (these.length === 0) continue;
    const explain = outcome === 'failed' || outcome === 'unknown';
    if (!explain) lines.push(`- ${PULLED_WORDS[outcome]}: ${these.map((p) => p.orderNumber).join(', ')}`);
    else
      for (const p of these)
        lines.push(`- order ${p.orderNumber} ${PULLED_WORDS[outcome]}: ${external(p.detail, 200)}`);
  }
  return lines.join('\n');
}

/**
 * The halt as the team reads it, in the reply and in the monitoring channel: who, why, and exactly which
 * orders had already left before it took hold (none can leave after).
 */
export function haltNotice(actor: Actor, reason: string | undefined, report: HaltReport): string {
  const why = reason ? `: ${escapeMarkdown(reason)}` : '';
  const left = report.leftBefore;
  const before =
    left.length === 0
      ? 'No order was on its way to the broker when the halt took hold.'
      : `${left.length === 1 ? 'One approval' : `${left.length} approvals`} had already sent ${left.length === 1 ? 'its orders' : 'their orders'} before the halt took hold:\n${left.map(leftLine).join('\n')}`;
  const pulled = report.pulled === undefined ? '' : `\n${pulledLines(report.pulled)}`;
  return (
    `Trading is halted by ${actorText(actor)}${why}. ${before}${pulled}\n` +
    'No order leaves after this message, and approvals are refused, until an approver runs /resume.'
  );
}

/**
 * The kill file's pull as the team reads it in the monitoring channel: the file, and every working order
 * it pulled as `/halt` reports them; or that none could be pulled, and why (`redact` clears the error).
 */
export function killFileNotice(pull: KillFilePull, redact: (text: string) => string): string {
  const file = `the kill-switch file on the omsdesk machine (${escapeMarkdown(pull.actor.id)})`;
  const head = `Trading is halted by ${file}.`;
  const tail = 'No order leaves, and approvals are refused, while that file exists.';
  if ('error' in pull) {
    const why = redact(pull.error instanceof Error ? pull.error.message : String(pull.error));
    return `${head} It could NOT cancel the working orders (${external(why, 200)}): they may still be working; check /orders.\n${tail}`;
  }
  return `${head} ${pulledLines(pull.pulled)}\n${tail}`;
}

/**
 * `/halt`: engages the gate's kill switch (approvers only), recorded in the audit log with who did it. The
 * reply waits for the orders already past their last look to be answered by the broker, then names them;
 * the same notice goes to the monitoring channel.
 */
export const haltCommand: SlashCommand = {
  name: 'halt',
  kind: 'control',
  json: json(
    new SlashCommandBuilder()
      .setName('halt')
      .setDescription('Stop all order placement until /resume (approvers only)')
      .addStringOption((o) => o.setName('reason').setDescription('Why, for the team').setMaxLength(200))
      .addBooleanOption((o) =>
        o
          .setName('cancel_orders')
          .setDescription('Also cancel every working order (default: OMSDESK_HALT_CANCELS)'),
      ),
  ),
  prepare(i, ctx) {
    const typed = i.options.getString('reason');
    const reason = typed === null ? undefined : cleanText(typed, 200) || undefined;
    const cancelWorking = i.options.getBoolean('cancel_orders') ?? ctx.deps.settings.haltCancels === true;
    return async () => {
      const report = await ctx.deps.gate.halt(ctx.actor, reason, { cancelWorking });
      ctx.deps.logger.warn('trading halted from Discord', {
        by: ctx.actor.id,
        reason: reason ?? '',
        leftBefore: report.leftBefore.map((t) => t.id),
        pulled: report.pulled?.length ?? 0,
      });
      const content = haltNotice(ctx.actor, reason, report);
      const monitor = ctx.deps.settings.monitorChannel;
      if (monitor !== undefined) {
        await ctx.messages.post(monitor, { content: fitContent(content) }).catch((error: unknown) => {
          ctx.deps.logger.error('could not post the halt in the monitoring channel', {
            error: ctx.deps.redact(error instanceof Error ? error.message : String(error)),
          });
        });
      }
      return { content };
    };
  },
};
