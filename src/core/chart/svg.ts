import { textWidth } from './theme.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe inside SVG markup: entities escaped; control characters and lone surrogates (not XML) dropped. */
export function escapeXml(text: string): string {
  return text.replace(/[\p{Cc}\p{Cs}]/gu, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? '');
}

/** The text cut with an ellipsis so it spans at most `maxWidth` pixels at `size`. */
export function fitText(text: string, maxWidth: number, size: number): string {
  const chars = [...text];
  if (textWidth(text, size) <= maxWidth) return text;
  const room = Math.max(0, Math.floor(maxWidth / textWidth('0', size)) - 1);
  return `${chars.slice(0, room).join('')}…`;
}

/** A coordinate with one decimal, so the same chart always prints the same markup. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** A rectangle; `attrs` is trusted markup (fill, stroke). */
export function rect(x: number, y: number, width: number, height: number, attrs: string): string {
  return `<rect x="${px(x)}" y="${px(y)}" width="${px(width)}" height="${px(height)}" ${attrs}/>`;
}

/** A straight line; `attrs` is trusted markup (stroke, dashes). */
export function line(x1: number, y1: number, x2: number, y2: number, attrs: string): string {
  return `<line x1="${px(x1)}" y1="${px(y1)}" x2="${px(x2)}" y2="${px(y2)}" ${attrs}/>`;
}

/** A text element whose content is escaped here; `attrs` is trusted markup (size, fill, anchor). */
export function text(x: number, y: number, content: string, attrs: string): string {
  return `<text x="${px(x)}" y="${px(y)}" ${attrs}>${escapeXml(content)}</text>`;
}
