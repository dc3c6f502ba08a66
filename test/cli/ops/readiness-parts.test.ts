import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createOps } from '../../../src/cli/ops/ops.js';
import type { Runtime } from '../../../src/cli/runtime.js';

/** `/readyz` of a started process whose audit log and people file say what `well` says. */
async function readyz(well: { audit: boolean; people: boolean }) {
  const ops = createOps();
  const rt = {
    config: { dataDir: tmpdir() },
    gate: { onChange: () => undefined, countByStatus: () => new Map() },
    audit: { writable: async () => well.audit },
    people: { problem: async () => (well.people ? undefined : 'the people file … is a FIFO') },
  } as unknown as Pick<Runtime, 'config' | 'gate' | 'people' | 'audit'>;
  ops.runtime(rt);
  ops.started();
  const server = createServer((req, res) => {
    ops.routes(req, res, async () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
    return { status: answer.status, body: await answer.json() };
  } finally {
    server.close();
  }
}

describe('readiness of the audit log and the people file', () => {
  it('is not ready while audit lines cannot be written, or nobody can be recognised by the people file', async () => {
    expect(await readyz({ audit: true, people: true })).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await readyz({ audit: false, people: true })).toEqual({
      status: 503,
      body: { status: 'not ready', failing: ['audit log'] },
    });
    expect(await readyz({ audit: true, people: false })).toEqual({
      status: 503,
      body: { status: 'not ready', failing: ['people file'] },
    });
  });
});
