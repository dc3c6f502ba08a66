/** Opening and closing marks around text that came from the broker or the market. */
export const DATA_OPEN = '⟦';
export const DATA_CLOSE = '⟧';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// Characters that show nothing or turn text around (zero widths, direction marks, embeddings, overrides
// and isolates, word joiners, the byte-order mark, tag characters): a reader cannot see what they do.
const INVISIBLE =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;
// A bare web address as Discord would link (and preview) it; punctuation that ends a sentence is not part of it.
const URL = /https?:\/\/[^\s<>"'`|\\⟦⟧[\]*~]+/gi;
const URL_TAIL = /[.,;:!?)]+$/;
// What Discord's markdown reads inside a line: emphasis, code, spoilers, quotes, masked links and
// mentions (`<@id>`, `@everyone`). Lines never start with outside text, so headings and lists cannot.
const MARKDOWN = /[\\*_~`|<>@[\]]/g;

/**
 * Text with invisible and direction characters removed and Discord markdown and mention syntax escaped, so
 * it shows as written and pings nobody.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(INVISIBLE, '').replace(MARKDOWN, (c) => `\\${c}`);
}

/** An address without the punctuation after it; a `)` stays when it closes a `(` of the address. */
function linkOf(found: string): string {
  let link = found.replace(URL_TAIL, '');
  const opened = (t: string) => t.split('(').length - t.split(')').length;
  while (found[link.length] === ')' && opened(link) > 0) link = found.slice(0, link.length + 1);
  return link;
}

/** Escaped like `escapeMarkdown`, with each bare web address in `<…>`: a link Discord previews nothing for. */
export function escapeWithLinks(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(URL)) {
    const link = linkOf(match[0]);
    out += `${escapeMarkdown(text.slice(at, match.index))}<${link}>`;
    at = match.index + link.length;
  }
  return out + escapeMarkdown(text.slice(at));
}

/** Outside text made inert: control and direction characters gone, whitespace squeezed, length bounded. */
export function cleanText(text: string, max = 240): string {
  const flat = text
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .replaceAll(DATA_OPEN, '')
    .replaceAll(DATA_CLOSE, '');
  const squeezed = flat.replace(/\s+/g, ' ').trim();
  return squeezed.length > max ? `${squeezed.slice(0, max - 1)}…` : squeezed;
}

/** Broker free text as a message shows it: cleaned, escaped, links not previewed, and marked as data. */
export function external(text: string, max?: number): string {
  return `${DATA_OPEN}${escapeWithLinks(cleanText(text, max))}${DATA_CLOSE}`;
}

/** The line that says what the marks mean, for messages that carry marked text. */
export const DATA_LEGEND = `Text inside ${DATA_OPEN}…${DATA_CLOSE} comes from the broker or the market, as it sent it.`;
