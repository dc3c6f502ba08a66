import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCommand } from '../helpers/serve-child.js';

const PEOPLE = { people: [{ id: 'asha', role: 'trader' }] };
const NOT_REGULAR = 'is a FIFO (named pipe), not a regular file: omsdesk reads only regular files';

let dir: string;
let dataDir: string;
let peopleFile: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-people-read-'));
  dataDir = join(dir, 'data');
  peopleFile = join(dataDir, 'people.json');
  await mkdir(dataDir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({
  OMSDESK_DATA_DIR: dataDir,
  OMSDESK_PEOPLE_FILE: peopleFile,
  OMSDESK_CONFIRM: 'elicit',
  OMSDESK_LOG_LEVEL: 'warn',
});

describe('the people file, read safely', () => {
  it('refuses a FIFO at its path at start, saying why (exit 78), instead of waiting for a writer forever', async () => {
    execFileSync('mkfifo', [peopleFile]);
    const refused = await runCli(['serve', '--port', '0'], env());
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain(`${peopleFile} ${NOT_REGULAR}`);
  });

  it('while a FIFO replaces it: requests are refused at once, /readyz names it, /healthz is up, SIGTERM stops serve', async () => {
    await writeFile(peopleFile, JSON.stringify(PEOPLE));
    const serve = await runCommand(['serve', '--port', '0'], env());
    try {
      const origin = new URL(serve.url).origin;
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      await rename(peopleFile, `${peopleFile}.away`);
      execFileSync('mkfifo', [peopleFile]);

      // Each request looks at the people file again: it is refused, not left waiting on the FIFO.
      const said = serve.nextLog((e) => e.message.includes(NOT_REGULAR));
      const asked = await fetch(serve.url, {
        method: 'POST',
        headers: {
          authorization: 'Bearer omsd_000000000000_nobodyhasthistoken',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(asked.status).toBe(401);
      await said;
      const ready = await fetch(`${origin}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({
        status: 503,
        body: { status: 'not ready', failing: ['people file'] },
      });
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);

      await rm(peopleFile);
      await rename(`${peopleFile}.away`, peopleFile);
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      serve.child.kill('SIGTERM');
      expect(((await once(serve.child, 'exit')) as [number | null])[0]).toBe(0);
    } finally {
      await serve.stop();
    }
  });
});
