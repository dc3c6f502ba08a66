import { changeText, intervalWords, priceText, windowChange, windowText } from './format.js';
import type { ChartData } from './input.js';
import { escapeXml, fitText, text } from './svg.js';
import { THEME, textWidth } from './theme.js';

const MARGIN = 12;
const TITLE_Y = 26;
const SUBTITLE_Y = 47;

/** How many bars the chart shows, and of how many when the cap cut the window. */
export function barsText(data: ChartData): string {
  const shown = data.candles.length;
  if (shown === 0) return 'no candles in this window';
  if (data.total > shown) return `last ${shown} of ${data.total} bars`;
  return shown === 1 ? '1 bar' : `${shown} bars`;
}

/**
 * The title area: instrument and interval on the left with the window under them; on the right the last
 * price and the window's change, coloured by direction and signed so the direction reads without colour.
 */
export function drawHeader(data: ChartData): string {
  const { width } = THEME;
  const move = windowChange(data.candles);
  const colour =
    move === undefined || move.change === 0 ? THEME.title : move.change > 0 ? THEME.up : THEME.down;
  const price = data.lastPrice === undefined ? '' : priceText(data.lastPrice, data.tick);
  const change = move === undefined ? '' : changeText(move, data.tick);
  const right = width - MARGIN;
  const rightWidth = Math.max(
    textWidth(price, THEME.titleSize) + textWidth('last ', THEME.subtitleSize),
    textWidth(change, THEME.subtitleSize),
  );
  const room = right - rightWidth - 24 - MARGIN;
  const interval = `· ${intervalWords(data.interval)}`;
  const gap = 8;
  const title = fitText(data.title, room - gap - textWidth(interval, THEME.subtitleSize), THEME.titleSize);
  const first = data.candles[0];
  const last = data.candles.at(-1);
  const window =
    first === undefined || last === undefined
      ? barsText(data)
      : `${windowText(first, last, data.interval, '→')} · ${barsText(data)}`;
  const small = `font-size="${THEME.subtitleSize}"`;
  const parts = [
    text(MARGIN, TITLE_Y, title, `font-size="${THEME.titleSize}" fill="${THEME.title}"`),
    text(
      MARGIN + textWidth(title, THEME.titleSize) + gap,
      TITLE_Y,
      interval,
      `${small} fill="${THEME.muted}"`,
    ),
    text(MARGIN, SUBTITLE_Y, fitText(window, room, THEME.subtitleSize), `${small} fill="${THEME.muted}"`),
  ];
  if (price !== '') {
    parts.push(
      `<text x="${right}" y="${TITLE_Y}" text-anchor="end" font-size="${THEME.titleSize}" fill="${colour}">` +
        `<tspan ${small} fill="${THEME.muted}">last </tspan>${escapeXml(price)}</text>`,
    );
  }
  if (change !== '')
    parts.push(text(right, SUBTITLE_Y, change, `${small} text-anchor="end" fill="${colour}"`));
  return parts.join('');
}
