import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HOST_SOURCE = fileURLToPath(new URL('../../app/test-host/', import.meta.url));

/** An MCP Apps test host's pages: the host on 127.0.0.1, its sandbox proxy on another origin (127.0.0.2). */
export interface AppHostPages {
  /** The host page; `window.showCard` shows a tool result's card in it. */
  readonly hostUrl: string;
  /** The sandbox proxy page the host frames, as `showCard` is told. */
  readonly sandboxUrl: string;
  close(): Promise<void>;
}

async function bundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [`${HOST_SOURCE}${entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'warning',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** The sandbox's CSP from the resource's `_meta.ui.csp` (as a web host builds it): no domain given, none allowed. */
function sandboxCsp(query: string | null): string {
  const csp = JSON.parse(query ?? '{}') as Record<string, string[] | undefined>;
  const list = (domains: string[] | undefined): string =>
    domains === undefined || domains.length === 0 ? "'none'" : domains.join(' ');
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    `img-src data: ${csp.resourceDomains?.join(' ') ?? ''}`.trim(),
    `connect-src ${list(csp.connectDomains)}`,
  ].join('; ');
}

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });
}

/** Builds and serves the test host's two pages. */
export async function startAppHost(): Promise<AppHostPages> {
  const [hostJs, sandboxJs] = await Promise.all([bundle('host.ts'), bundle('sandbox.ts')]);
  const page = (script: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>test host</title></head><body style="margin:0;background:#f4f4f4"><script type="module" src="${script}"></script></body></html>`;
  const host = createServer((req, res) => {
    if (req.url === '/host.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(hostJs);
    else if (req.url === '/host.html')
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('/host.js'));
    else res.writeHead(404).end();
  });
  const sandbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.2');
    if (url.pathname === '/sandbox.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(sandboxJs);
    else if (url.pathname === '/sandbox.html') {
      res
        .writeHead(200, {
          'content-type': 'text/html',
          'content-security-policy': sandboxCsp(url.searchParams.get('csp')),
        })
        .end(page('/sandbox.js'));
    } else res.writeHead(404).end();
  });
  const [hostBase, sandboxBase] = await Promise.all([
    listen(host, '127.0.0.1'),
    listen(sandbox, '127.0.0.2'),
  ]);
  return {
    hostUrl: `${hostBase}/host.html`,
    sandboxUrl: `${sandboxBase}/sandbox.html`,
    async close() {
      host.closeAllConnections();
      sandbox.closeAllConnections();
      await Promise.all([new Promise((r) => host.close(r)), new Promise((r) => sandbox.close(r))]);
    },
  };
}
