import type { ServerResponse } from 'node:http';
import { escapeHtml as e } from '../sign-in/html.js';

/**
 * The web desk's Content-Security-Policy: its own script, style and live stream only, nothing from
 * elsewhere, no inline script or style, forms posting only to itself, never framed.
 */
export const DESK_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The desk's one stylesheet, served at `/desk.css`. */
export const DESK_CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f6f6f8}
header{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.6rem 1.2rem;background:#1b1b1f;color:#fff}
header a{color:#fff}main{max-width:64rem;margin:1rem auto;padding:0 1rem}
h1{font-size:1.3rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.4rem 0 .5rem}
.card{background:#fff;border:1px solid #d8d8de;border-radius:6px;padding:.7rem 1rem;margin:.6rem 0}
.card h3{font-size:1rem;margin:0 0 .3rem}.legs{margin:.3rem 0;padding-left:1.2rem}
.note{color:#555}.problem{color:#a00;font-weight:600}.halted{background:#fde8e8;border-color:#e0a0a0}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #e3e3e8;padding:.35rem .5rem;text-align:left;vertical-align:top}
form{display:inline}button{font:inherit;padding:.35rem .9rem;margin:.2rem .4rem .2rem 0;border-radius:4px;border:1px solid #777;background:#fff;cursor:pointer}
button.go{background:#0b6b2e;color:#fff;border-color:#0b6b2e}button.stop{background:#a11;color:#fff;border-color:#a11}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #2a62d6;outline-offset:2px}
label{display:block;margin:.5rem 0 .25rem}input[type=password],input[type=text]{padding:.35rem;width:20rem;max-width:100%}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:#fff;color:#000;padding:.3rem}
`;

/**
 * The desk's one script, served at `/desk.js`: it follows the live stream and puts the server's
 * fragments (rendered and escaped on the server) in place, keeping the focus where it was.
 */
export const DESK_JS = `(() => {
  const stream = document.body.dataset.stream;
  if (!stream || !window.EventSource) return;
  const source = new EventSource(stream);
  source.addEventListener('fragments', (event) => {
    let parts;
    try { parts = JSON.parse(event.data); } catch { return; }
    const focused = document.activeElement && document.activeElement.id;
    for (const [id, html] of Object.entries(parts)) {
      const node = document.getElementById(id);
      if (node && node.innerHTML !== html) node.innerHTML = html;
    }
    if (focused) { const again = document.getElementById(focused); if (again && again !== document.activeElement) again.focus(); }
  });
  source.addEventListener('ended', () => { source.close(); window.location.assign('/sign-in'); });
})();
`;

/** A desk page: the header with the person and sign-out, then the body (already escaped where it holds outside text). */
export function deskPage(o: {
  readonly title: string;
  readonly body: string;
  readonly person?: { readonly id: string; readonly role: string };
  readonly csrf?: string;
  readonly stream?: string;
}): string {
  const who =
    o.person === undefined || o.csrf === undefined
      ? ''
      : `<span>Signed in as <strong>${e(o.person.id)}</strong> (${e(o.person.role)})</span>` +
        `<form method="post" action="/sign-out"><input type="hidden" name="csrf" value="${e(o.csrf)}"><button type="submit">Sign out</button></form>`;
  const stream = o.stream === undefined ? '' : ` data-stream="${e(o.stream)}"`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${e(o.title)} · omsdesk</title><link rel="stylesheet" href="/desk.css"><script src="/desk.js" defer></script></head>` +
    `<body${stream}><a class="skip" href="#main">Skip to content</a><header><span><a href="/desk">omsdesk desk</a></span>${who}</header>` +
    `<main id="main"><h1>${e(o.title)}</h1>${o.body}</main></body></html>`
  );
}

const HEADERS = {
  'content-security-policy': DESK_CSP,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
} as const;

/** Sends a desk page with its security headers, and any cookies. */
export function sendDesk(res: ServerResponse, status: number, html: string, cookies: string[] = []): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    ...HEADERS,
    'content-type': 'text/html; charset=utf-8',
    ...(cookies.length === 0 ? {} : { 'set-cookie': cookies }),
  });
  res.end(html);
}

/** Sends the desk's script or stylesheet. */
export function sendAsset(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { ...HEADERS, 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache' });
  res.end(body);
}

/** A redirect after a post (so a reload does not post again), with any cookies. */
export function seeOther(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(303, {
    location,
    'cache-control': 'no-store',
    ...(cookies.length === 0 ? {} : { 'set-cookie': cookies }),
  });
  res.end();
}

/** A page that says what happened and where to go, with nothing to press but a link. */
export function messageDesk(title: string, text: string, back = '/desk'): string {
  return deskPage({
    title,
    body: `<p role="alert">${e(text)}</p><p><a href="${e(back)}">${back === '/desk' ? 'Back to the desk' : 'Back to the ticket'}</a></p>`,
  });
}
