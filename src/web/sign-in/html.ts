import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** Text made safe for HTML, in content and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}' +
  'h1{font-size:1.4rem}form{margin:1rem 0}label{display:block;margin:.5rem 0 .25rem}' +
  'input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}button{padding:.5rem 1rem;margin-right:.5rem}' +
  '.note{color:#555}.problem{color:#a00}';

/** The one style of the pages, allowed by its hash: no inline script or other style runs. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The pages' Content-Security-Policy: nothing from elsewhere, no script at all, only the pages' own style. */
export const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; frame-ancestors 'none'`;

/** A whole page around its body (already escaped where it holds outside text). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · omsdesk</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Sends a page with the headers every page of the sign-in carries. */
export function sendPage(res: ServerResponse, status: number, html: string): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: with it a browser posts the forms with `Origin: null`, which the form guard refuses.
    'referrer-policy': 'same-origin',
  });
  res.end(html);
}
