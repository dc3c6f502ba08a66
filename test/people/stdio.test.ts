import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.js';
import { mayOrder } from '../../src/mcp/ordering.js';
import { createMcpService } from '../../src/mcp/server.js';
import { serveStdio } from '../../src/mcp/transports/stdio.js';
import { depsFor } from '../mcp/harness.js';
import { modernRequest } from '../mcp/http-client.js';
import { startTeam, TEAM, type Team } from './harness.js';

let team: Team | undefined;
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  await team?.close();
  stop = undefined;
  team = undefined;
});

interface Answer {
  readonly id?: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

describe('omsdesk mcp on stdio with a people file', () => {
  it('explains and audits a refusal when a 2026-07-28 round is answered after OMSDESK_PERSON was demoted', async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const { directory } = team;
    const service = createMcpService({
      ...depsFor(team.d.g, { confirm: 'elicit' }),
      people: { directory, fourEyes: false, stdioPerson: 'vik' },
    });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const handle = serveStdio(service, silentLogger, { stdin, stdout }, async () =>
      mayOrder(await directory.byId('vik')),
    );
    stop = async () => {
      await handle.close();
      service.close();
    };
    const answers = new Map<number, (a: Answer) => void>();
    let buffer = '';
    stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const a = JSON.parse(buffer.slice(0, end)) as Answer;
        buffer = buffer.slice(end + 1);
        if (a.id !== undefined) answers.get(a.id)?.(a);
      }
    });
    const ask = (id: number, params: Record<string, unknown>): Promise<Answer> => {
      const answered = new Promise<Answer>((resolve) => answers.set(id, resolve));
      stdin.write(`${JSON.stringify(modernRequest(id, 'tools/call', params).body)}\n`);
      return answered;
    };
    const order = {
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    };
    const round = (await ask(1, order)).result ?? {};
    expect(round.resultType).toBe('input_required');
    await team.writePeople(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
    // A read in between fits the connection's lists to the viewer vik is now.
    expect(
      (await ask(4, { name: 'get_quote', arguments: { instrument: 'RELIANCE' } })).result?.isError,
    ).toBeFalsy();
    const answered = await ask(2, {
      ...order,
      requestState: round.requestState,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    });
    expect(answered.error).toBeUndefined();
    expect(answered.result?.isError).toBe(true);
    expect(JSON.stringify(answered.result?.content)).toMatch(
      /vik is a viewer now, and a viewer may not place orders/,
    );
    expect(team.d.g.placements).toHaveLength(0);
    const refused = (await team.d.g.auditEntries()).filter((e) => e.event === 'decision_refused');
    expect(refused).toHaveLength(1);
    // A fresh placement is still not served to the viewer.
    expect(JSON.stringify(await ask(3, order))).toMatch(/place_order disabled|may not ask for orders/);
    expect(team.d.g.placements).toHaveLength(0);
  });
});
