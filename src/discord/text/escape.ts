/** Opening and closing marks around text that came from the broker or the market. */
export const DATA_OPEN = '⟦';
export const DATA_CLOSE = '⟧';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;
// What Discord's markdown reads inside a line: emphasis, code, spoilers, quotes, masked links and
// mentions (`<@id>`, `@everyone`). Lines never start with outside text, so headings and lists cannot.
const MARKDOWN = /[\\*_~`|<>@[\]]/g;

/** Text with Discord markdown and mention syntax escaped, so it shows as written and pings nobody. */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN, (c) => `\\${c}`);
}

/** Outside text made inert: control and direction characters gone, whitespace squeezed, length bounded. */
export function cleanText(text: string, max = 240): string {
  const flat = text.replace(CONTROL, ' ').replaceAll(DATA_OPEN, '').replaceAll(DATA_CLOSE, '');
  const squeezed = flat.replace(/\s+/g, ' ').trim();
  return squeezed.length > max ? `${squeezed.slice(0, max - 1)}…` : squeezed;
}

/** Broker free text as a message shows it: cleaned, escaped, and marked as data. */
export function external(text: string, max?: number): string {
  return `${DATA_OPEN}${escapeMarkdown(cleanText(text, max))}${DATA_CLOSE}`;
}

/** The line that says what the marks mean, for messages that carry marked text. */
export const DATA_LEGEND = `Text inside ${DATA_OPEN}…${DATA_CLOSE} comes from the broker or the market, as it sent it.`;
