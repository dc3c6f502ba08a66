// Bundles the omsdesk command into dist/bin: one entry and its lazily loaded chunks (a command, the Discord
// desk), packages left to node_modules. Node then starts it from a handful of files instead of ~330 modules.
// The order card (MCP Apps) is built with it and inlined as one string.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ticketCardDefine } from './build-ticket-card.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Writes the bundled command to `outdir` (its entry is `omsdesk.js`). */
export async function bundleCli(outdir) {
  // Chunk names carry hashes: old ones would pile up.
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { omsdesk: `${ROOT}src/cli/main.ts` },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    define: await ticketCardDefine(),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli(`${ROOT}dist/bin`);
