import type { APIEmbedField } from 'discord.js';
import { showCount, showRupees } from '../../core/checks/index.js';
import type { MessageBody } from '../messages.js';
import { DATA_LEGEND, escapeMarkdown, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { SOURCE_LABELS } from './placed-by.js';
import type { DaySummary } from './summary.js';
import type { SourceKind } from './types.js';

/** The sources always shown, even at zero; other omsdesk tickets only when there are some. */
const ALWAYS: readonly SourceKind[] = ['discord', 'mcp', 'client', 'outside'];

function ordersText(s: DaySummary): string {
  const parts = [
    `${s.complete} complete`,
    `${s.open} open`,
    `${s.rejected} rejected`,
    `${s.cancelled} cancelled`,
    ...(s.other > 0 ? [`${s.other} in another state`] : []),
  ];
  const partly = s.partlyFilled > 0 ? ` (${s.partlyFilled} partly filled)` : '';
  return `${s.orders}: ${parts.join(', ')}${partly}`;
}

function sourcesText(s: DaySummary): string {
  const shown = (Object.keys(SOURCE_LABELS) as SourceKind[]).filter(
    (k) => ALWAYS.includes(k) || s.bySource[k] > 0,
  );
  return shown.map((k) => `${SOURCE_LABELS[k]} ${s.bySource[k]}`).join(' · ');
}

/** The day's summary as a message: orders, fills, turnover, rejections by reason, orders by source. */
export function renderSummary(s: DaySummary, title: string, footer: string): MessageBody {
  const fields: APIEmbedField[] = [
    { name: 'Orders', value: ordersText(s) },
    {
      name: 'Fills',
      value: `${showCount(s.fills)} fill${s.fills === 1 ? '' : 's'}, ${showCount(s.filledUnits)} units`,
      inline: true,
    },
    {
      name: 'Turnover',
      value: `${showRupees(s.turnover)} (bought ${showRupees(s.bought)}, sold ${showRupees(s.sold)})`,
      inline: true,
    },
    { name: 'Placed from', value: sourcesText(s) },
  ];
  if (s.rejections.length > 0) {
    fields.push({
      name: 'Rejections by reason',
      value: s.rejections
        .map((g) => `${g.count} × ${escapeMarkdown(g.reason)}: ${external(g.example, 160)}`)
        .join('\n'),
    });
  }
  return {
    embeds: [
      fitEmbed({
        title,
        ...(s.orders === 0 ? { description: 'No orders today.' } : {}),
        color: 0x9b59b6,
        fields,
        footer: { text: s.rejections.length > 0 ? `${footer} ${DATA_LEGEND}` : footer },
      }),
    ],
  };
}
