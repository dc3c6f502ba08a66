// Builds the order card (MCP Apps) into one self-contained HTML document: the app bundled and inlined, its
// style inlined, and a CSP that allows exactly that script and that style and no connection anywhere.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = `${ROOT}app/ticket-card/`;

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The card's HTML. */
export async function buildTicketCard() {
  const bundled = await build({
    entryPoints: [`${SOURCE}main.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Inline: a closing tag inside the script would end it early.
  const js = bundled.outputFiles[0].text.replaceAll('</script', '<\\/script').trim();
  const css = (await readFile(`${SOURCE}card.css`, 'utf8')).trim();
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(js)}`,
    `style-src ${sha256(css)}`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const page = await readFile(`${SOURCE}card.html`, 'utf8');
  // Functions as replacements: `$` in the bundle is not a replacement pattern.
  return page
    .replace('__CSP__', () => csp)
    .replace('/* card.css */', () => css)
    .replace('/* main.ts */', () => js);
}

/** The bundler option that puts the card in place of its constant in src/mcp/app/card-html.ts. */
export async function ticketCardDefine() {
  return { __OMSDESK_TICKET_CARD__: JSON.stringify(await buildTicketCard()) };
}
