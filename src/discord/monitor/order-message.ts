import type { APIEmbedField } from 'discord.js';
import { showCount, showPrice } from '../../core/checks/index.js';
import { toIstIso } from '../../core/time/ist.js';
import type { WatchedOrder } from '../../core/watcher/index.js';
import type { MessageBody } from '../messages.js';
import { cleanText, DATA_LEGEND, escapeMarkdown, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { placedByText } from './placed-by.js';
import type { OrderEntry, PlacedBy } from './types.js';

const COLORS: Readonly<Record<string, number>> = {
  PENDING: 0x95a5a6,
  OPEN: 0x3498db,
  TRIGGER_PENDING: 0xf1c40f,
  COMPLETE: 0x2ecc71,
  REJECTED: 0xe74c3c,
  CANCELED: 0x7f8c8d,
};

/** `HH:MM:SS` in IST of an ISO time, or undefined when there is none. */
function istTime(iso: string | undefined): string | undefined {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? undefined : toIstIso(ms).slice(11, 19);
}

function priceText(o: WatchedOrder): string {
  const type = o.priceType ?? (o.price ? 'LMT' : 'MKT');
  const limit = o.price ? ` ₹${showPrice(o.price)}` : '';
  const trigger = o.triggerPrice ? `, trigger ₹${showPrice(o.triggerPrice)}` : '';
  const product = o.product === undefined ? '' : ` · product ${o.product}`;
  return escapeMarkdown(`${type}${limit}${trigger}${product}`);
}

function filledText(o: WatchedOrder): string {
  const average =
    o.filledQuantity > 0 && o.averagePrice !== undefined ? ` @ ₹${showPrice(o.averagePrice)} average` : '';
  return `${showCount(o.filledQuantity)} of ${showCount(o.quantity)}${average}`;
}

function timesText(o: WatchedOrder, changedAt: string): string {
  const day = (o.placedAt ?? o.firstSeenAt).slice(0, 10);
  const parts = [
    ['placed', istTime(o.placedAt)],
    ["broker's last update", istTime(o.updatedAt)],
    ['first seen by omsdesk', istTime(o.firstSeenAt)],
    ['last change seen', changedAt === o.firstSeenAt ? undefined : istTime(changedAt)],
  ].filter((p): p is [string, string] => p[1] !== undefined);
  return `${day} (IST): ${parts.map(([what, at]) => `${what} ${at}`).join(', ')}`;
}

/** A fingerprint of what a message shows of an order: when it changes, the message needs an edit. */
export function orderFingerprint(o: WatchedOrder): string {
  return JSON.stringify([
    o.status,
    o.statusText,
    o.quantity,
    o.price,
    o.triggerPrice,
    o.filledQuantity,
    o.averagePrice,
    o.rejection?.text,
    o.placedAt,
    o.updatedAt,
  ]);
}

/**
 * The monitoring channel's message for one broker order, in its latest state: instrument, side,
 * quantity, filled quantity and average price, the broker's status word, the rejection reason, who
 * placed it, and the times in IST. Rendering a state (not an event) makes every edit idempotent.
 */
export function renderOrderMessage(
  entry: Pick<OrderEntry, 'order' | 'changedAt'>,
  placedBy: PlacedBy | undefined,
  ticketUrl?: (id: string) => string,
): MessageBody {
  const o = entry.order;
  const status = cleanText(o.statusText || o.status, 40);
  const fields: APIEmbedField[] = [
    { name: 'Order', value: `\`${o.orderNumber}\``, inline: true },
    { name: 'Status', value: `**${escapeMarkdown(status)}**`, inline: true },
    { name: 'Filled', value: filledText(o), inline: true },
    { name: 'Price', value: priceText(o), inline: true },
    { name: 'Placed by', value: placedBy ? placedByText(placedBy) : 'Looking it up…' },
  ];
  if (o.rejection) fields.push({ name: 'Reason', value: external(o.rejection.text, 900) });
  fields.push({ name: 'Times', value: timesText(o, entry.changedAt) });
  const instrument = cleanText(`${o.exchange}:${o.tradingSymbol}`, 80);
  return {
    embeds: [
      fitEmbed({
        title: escapeMarkdown(`${o.side} ${showCount(o.quantity)} ${instrument} · ${status}`),
        color: COLORS[o.status] ?? 0x95a5a6,
        ...(ticketUrl === undefined || placedBy?.ticketId === undefined
          ? {}
          : { url: ticketUrl(placedBy.ticketId) }),
        fields,
        footer: { text: `order ${o.orderNumber}${o.rejection ? ` · ${DATA_LEGEND}` : ''}` },
      }),
    ],
  };
}

/** The order number an order message's footer names (`order 26112000000017 · …`). */
export function orderOfFooter(footer: string): string | undefined {
  return /^order (\d+)\b/.exec(footer)?.[1];
}
