import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness;
const errors: Array<{ error: string; where: string }> = [];
beforeAll(async () => {
  h = await startSim({
    maxBodyBytes: 2048,
    onError: (error, where) => errors.push({ error: String(error), where }),
  });
});
afterAll(() => h.close());

/** Sends `chunks` as a chunked body (no content length) and reads the answer. */
function chunked(chunks: readonly string[]): Promise<{ status: number; text: string }> {
  const url = new URL(h.sim.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/apiV2/getQuotes',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

/** Sends the head of a request and part of its chunked body, then hangs up (the bytes go before the end). */
async function hangUpMidBody(): Promise<void> {
  const url = new URL(h.sim.url);
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  const part = '{"userId":"';
  socket.end(
    'POST /apiV2/getQuotes HTTP/1.1\r\nHost: sim\r\nContent-Type: application/json\r\n' +
      `Transfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n${part}\r\n`,
  );
  // Read whatever comes back, or the socket never sees the end and never closes.
  socket.resume();
  await once(socket, 'close');
}

describe('request bodies read as a stream', () => {
  it('refuses a chunked body that outgrows the limit with 413, without a declared length to go by', async () => {
    const answer = await chunked(['{"userId":"', 'x'.repeat(3000), '"}']);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      Status: 'Failed',
      data: 'Invalid Input : Request body too large, at most 2048 bytes',
    });
  });

  it('joins a body that arrives in pieces', async () => {
    const answer = await chunked([
      '{"userId":"SIM0',
      '01","jKey":"nope",',
      '"exchange":"NSE","token":"2885"}',
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      Status: 'Failed',
      data: 'Session Expired : Invalid Session Key',
    });
  });

  it('reports a client that hangs up mid-body as an error of its path, and keeps serving', async () => {
    const before = errors.length;
    await hangUpMidBody();
    await expect.poll(() => errors.length).toBe(before + 1);
    expect(errors.at(-1)).toEqual({ error: 'Error: aborted', where: '/apiV2/getQuotes' });
    const answer = await h.post('/apiV2/getQuotes', {
      userId: 'SIM001',
      jKey: 'nope',
      exchange: 'NSE',
      token: '2885',
    });
    expect(answer.status).toBe(200);
  });
});
