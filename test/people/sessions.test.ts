import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../src/mcp/transports/http.js';
import { INIT, post, sessionOf } from '../mcp/http-client.js';
import { startTeam, type Team } from './harness.js';

const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
const open: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await team?.close();
  team = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A session opened with `token`, raw; its id, or undefined when refused. */
async function session(t: Team, token: string): Promise<{ status: number; id: string }> {
  const answer = await post(t.http.url, bearer(token), INIT);
  return { status: answer.status, id: sessionOf(answer) };
}

/** Whether the session still answers (200) or is gone (404). */
async function answers(t: Team, token: string, id: string): Promise<number> {
  const headers = { ...bearer(token), 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
  return (await post(t.http.url, headers, TOOLS_LIST)).status;
}

/** A GET stream held open in a session, as a connected client keeps one; `ended` settles when the server ends it. */
function stream(t: Team, token: string, id: string): Promise<{ status: number; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...bearer(token),
      accept: 'text/event-stream',
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    };
    const req = request(t.http.url, { method: 'GET', headers }, (res) => {
      res.on('error', () => undefined);
      res.resume();
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      resolve({ status: res.statusCode ?? 0, ended });
    });
    req.on('error', reject);
    open.push({ close: () => req.destroy() });
    req.end();
  });
}

describe('one person cannot lock out the desk, and an ended credential closes what it holds', () => {
  it('caps a burst of 64 sessions with streams from one viewer at their share; another person still connects; revoking the viewer closes every one of theirs', async () => {
    team = await startTeam();
    const t = team;
    const meena = await t.issue('meena');
    const burst = await Promise.all(
      Array.from({ length: 64 }, async () => {
        const s = await session(t, meena.token);
        const held = s.status === 200 ? await stream(t, meena.token, s.id) : undefined;
        return { ...s, held };
      }),
    );
    // Each of her initializes is served, or (while all her sessions are still initializing) told to retry.
    expect(burst.map((s) => s.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(burst.filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(16);
    expect(t.http.sessions()).toBeLessThanOrEqual(16);
    const asha = await t.issue('asha');
    const hers = await session(t, asha.token);
    expect(hers.status).toBe(200);
    expect(await answers(t, asha.token, hers.id)).toBe(200);
    // Her own newest sessions are the ones kept: the first of the burst to open made room.
    const live = burst.filter((s) => s.held?.status === 200);
    const next = await session(t, meena.token);
    expect(next.status).toBe(200);
    expect(await answers(t, meena.token, next.id)).toBe(200);
    expect(t.http.sessions()).toBeLessThanOrEqual(17);
    await t.revoke(meena.id);
    await t.directory.refresh();
    expect(t.http.sessions()).toBe(1);
    await Promise.all(live.map((s) => s.held?.ended));
    expect(await answers(t, asha.token, hers.id)).toBe(200);
  });

  it('evicts a person’s own oldest session past their cap, and when the table is full of busy sessions takes the oldest of whoever holds the most for someone holding fewer, never someone’s only one', async () => {
    team = await startTeam();
    const small = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: [],
      service: team.service,
      people: team.directory,
      maxSessions: 4,
      maxSessionsPerPerson: 3,
    });
    open.push({ close: () => void small.close() });
    const at = { ...team, http: small } as Team;
    const busy = async (token: string): Promise<string> => {
      const s = await session(at, token);
      expect(s.status).toBe(200);
      expect((await stream(at, token, s.id)).status).toBe(200);
      return s.id;
    };
    const meena = (await team.issue('meena')).token;
    const hers: string[] = [];
    for (let i = 0; i < 4; i += 1) hers.push(await busy(meena));
    expect(await answers(at, meena, hers[0] as string)).toBe(404);
    for (const id of hers.slice(1)) expect(await answers(at, meena, id)).toBe(200);
    const asha = (await team.issue('asha')).token;
    const ashas = await busy(asha);
    // Full (Meena 3, Asha 1), all busy: Uma gets Meena's oldest.
    const uma = (await team.issue('uma')).token;
    await busy(uma);
    expect(await answers(at, meena, hers[1] as string)).toBe(404);
    // Meena holds 2, the others 1 each: nobody's only session is taken for her.
    const again = await session(at, meena);
    expect(again.status).toBe(503);
    expect(await answers(at, asha, ashas)).toBe(200);
    expect(small.sessions()).toBe(4);
  });

  it('closes a revoked token’s 2025-11-25 sessions and their streams at once (a call in flight never hears back), and a removed person’s; no late result reaches them', async () => {
    team = await startTeam();
    const vik = await team.issue('vik');
    const { id } = await session(team, vik.token);
    const held = await stream(team, vik.token, id);
    expect(held.status).toBe(200);
    const client = await team.legacy(vik.token);
    let answered = '';
    void client.callTool({ name: 'place_order', arguments: ORDER }).then(
      (r) => {
        answered = JSON.stringify(r);
      },
      () => undefined,
    );
    await team.d.fake.waitFor(() => (team?.d.g.gate.list().length ?? 0) > 0 || undefined, 'a ticket');
    await team.revoke(vik.id);
    await team.directory.refresh();
    await held.ended;
    expect(team.http.sessions()).toBe(0);
    await team.d.fake.waitFor(() => team?.d.g.gate.list()[0]?.status === 'DECLINED' || undefined, 'declined');
    // Its session is gone, so the declined ticket's answer has nowhere to go: the call gets nothing.
    expect(answered).toBe('');

    const asha = await team.issue('asha');
    const hers = await session(team, asha.token);
    const hersHeld = await stream(team, asha.token, hers.id);
    await team.writePeople((await team.directory.everyone()).filter((p) => p.id !== 'asha'));
    await team.directory.refresh();
    await hersHeld.ended;
    expect(team.http.sessions()).toBe(0);
    expect(team.d.g.placements).toHaveLength(0);
  });
});
