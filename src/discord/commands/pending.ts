import { SlashCommandBuilder } from 'discord.js';
import { actorText } from '../approvals/card.js';
import type { CommandContext, SlashCommand, Work } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { clip, fitEmbed } from '../text/limits.js';
import { pageButtons, slice } from '../text/paging.js';
import { json } from './options.js';

const PAGE_SIZE = 8;

function open(page: number, ctx: CommandContext): Work {
  return async () => {
    const pending = ctx.deps.gate.list().filter((t) => t.status === 'PENDING');
    const s = slice(pending, page, PAGE_SIZE);
    const lines = s.items.map((t) => {
      const link = ctx.cards.cardLink(t);
      const expires = `<t:${Math.floor(Date.parse(t.expiresAt) / 1000)}:R>`;
      return (
        `**${t.id}** from ${actorText(t.requestedBy)}, expires ${expires}${link ? ` ([card](${link}))` : ''}\n` +
        escapeMarkdown(clip(t.summary, 300))
      );
    });
    return {
      embeds: [
        fitEmbed({
          title: `Tickets waiting for an approver (${s.total})`,
          description: lines.length > 0 ? lines.join('\n\n') : 'No ticket is waiting.',
          footer: {
            text: ctx.deps.gate.killSwitch.engaged()
              ? 'Trading is halted: approvals are refused until /resume.'
              : 'Trading is not halted.',
          },
        }),
      ],
      components: pageButtons('pending', s),
    };
  };
}

/** `/pending`: the tickets waiting for a decision, with links to their cards; only the asker sees them. */
export const pendingCommand: SlashCommand = {
  name: 'pending',
  kind: 'account',
  json: json(
    new SlashCommandBuilder().setName('pending').setDescription('Order tickets waiting for an approver'),
  ),
  prepare: (_i, ctx) => open(0, ctx),
  page: (page, _arg, ctx) => open(page, ctx),
};
