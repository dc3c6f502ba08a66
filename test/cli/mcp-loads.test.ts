import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-mcp-loads-'));
  // A module hook that reports on stderr every module the process resolves.
  await writeFile(
    join(dir, 'hooks.mjs'),
    `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('LOADED ' + r.url + '\\n'); return r; }\n`,
  );
  await writeFile(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const send = (child: ReturnType<typeof spawn>, message: unknown): void =>
  void child.stdin?.write(`${JSON.stringify(message)}\n`);

/**
 * Starts the built `omsdesk` with `args`, writes `opening` to its stdin, and reports each package it
 * resolves until `ready` says so.
 */
async function packagesLoaded(
  args: readonly string[],
  opening: unknown,
  ready: (child: ReturnType<typeof spawn>, line: string) => boolean,
): Promise<Set<string>> {
  const data = await mkdtemp(join(dir, 'data-'));
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(ROOT, 'dist/bin/omsdesk.js'), ...args],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        OMSDESK_DATA_DIR: data,
        OMSDESK_AUDIT_KEY_FILE: join(data, 'audit.key'),
        OMSDESK_LOG_LEVEL: 'warn',
      },
    },
  );
  const packages = new Set<string>();
  createInterface({ input: child.stderr }).on('line', (line) => {
    const found = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (line.startsWith('LOADED ') && found?.[1] !== undefined) packages.add(found[1]);
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4_000);
  });
  const done = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (ready(child, line)) resolve();
    });
    child.once('exit', () => reject(new Error(`omsdesk ${args.join(' ')} exited early:\n${stderr}`)));
  });
  if (opening !== undefined) send(child, opening);
  try {
    await done;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  return packages;
}

/** What `omsdesk mcp` loads by the time it answers its first tools/list. */
function mcpUpToToolsList(): Promise<Set<string>> {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };
  return packagesLoaded(['mcp'], initialize, (child, line) => {
    const message = JSON.parse(line) as { id?: number };
    if (message.id === 1) {
      send(child, { jsonrpc: '2.0', method: 'notifications/initialized' });
      send(child, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    }
    return message.id === 2;
  });
}

const DISCORD_AND_CHARTS = ['discord.js', '@discordjs/rest', '@discordjs/ws', '@resvg/resvg-js'];

describe('the built omsdesk loads what its command needs', () => {
  it('mcp: neither discord.js, the chart renderer, the HTTP transport, the bridge nor the metrics before its first tools/list', async () => {
    const packages = await mcpUpToToolsList();
    expect(packages).toContain('@modelcontextprotocol/server');
    const later = ['hono', '@hono/node-server', '@modelcontextprotocol/client', 'prom-client'];
    for (const unneeded of [...DISCORD_AND_CHARTS, ...later]) {
      expect(packages, unneeded).not.toContain(unneeded);
    }
  }, 60_000);

  it('serve without DISCORD_TOKEN: no discord.js and no chart renderer once it listens', async () => {
    const packages = await packagesLoaded(['serve', '--port', '0'], undefined, (_, line) =>
      line.includes('listening on'),
    );
    expect(packages).toContain('@hono/node-server');
    expect(packages).toContain('prom-client');
    for (const unneeded of DISCORD_AND_CHARTS) expect(packages, unneeded).not.toContain(unneeded);
  }, 60_000);
});
