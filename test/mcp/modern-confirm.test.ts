import { describe, expect, it } from 'vitest';
import { dataOf, textOf } from './harness.js';
import { postModern } from './http-client.js';
import { closeAfterEach, type HttpDesk, modernClient, startHttpDesk } from './modern-harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };

const open = closeAfterEach();

async function expectOrders(d: HttpDesk, count: number): Promise<void> {
  expect(d.g.placements).toHaveLength(count);
  expect(await d.brokerOrders()).toBe(count);
}

/** A raw place_order of 2026-07-28: its input-required round, the form and the handle to answer with. */
async function askRaw(d: HttpDesk, id = 1) {
  const first = await postModern(d.http.url, id, 'tools/call', { name: 'place_order', arguments: ORDER });
  const result = first.message.result as {
    resultType: string;
    requestState: string;
    inputRequests: { confirm: { method: string; params: { message: string } } };
  };
  expect(result.resultType).toBe('input_required');
  return result;
}

/** The retry that answers a round: the same call (or `args` instead), the answers, the handle echoed. */
function answer(
  d: HttpDesk,
  id: number,
  state: string,
  inputResponses: unknown,
  name = 'place_order',
  args: unknown = name === 'place_order' ? ORDER : { orders: [ORDER] },
) {
  return postModern(d.http.url, id, 'tools/call', {
    name,
    arguments: args,
    inputResponses,
    requestState: state,
  });
}

describe('the confirmation gate in 2026-07-28: an input-required round', () => {
  it("places exactly one order when the person accepts in the v2 client's form", async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const asked: string[] = [];
    const client = open(
      await modernClient(desk.http.url, (request) => {
        asked.push(request.params.message);
        return { action: 'accept', content: { confirm: true } };
      }),
    );
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    const data = dataOf<{ status: string; ticketId: string; orderNumbers: string[]; confirmation: string }>(
      result,
    );
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('BUY 1 RELIANCE-EQ on NSE');
    expect(data.confirmation).toBe('elicitation');
    expect(['PLACED', 'COMPLETE']).toContain(data.status);
    expect(data.orderNumbers).toHaveLength(1);
    expect(desk.g.gate.get(data.ticketId)?.decidedBy).toMatchObject({
      channel: 'mcp-elicitation',
      id: 'omsdesk-modern-test',
    });
    await expectOrders(desk, 1);
  });

  it('places nothing and declines the ticket for good when the person declines', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const client = open(await modernClient(desk.http.url, () => ({ action: 'decline' })));
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    const data = dataOf<{ status: string; ticketId: string }>(result);
    expect(result.isError).toBe(true);
    expect(data.status).toBe('DECLINED');
    expect(textOf(result)).toMatch(/the person declined/);
    expect(desk.g.gate.get(data.ticketId)?.status).toBe('DECLINED');
    await expectOrders(desk, 0);
  });

  it('answers a raw request with no session and no handshake, and keeps the ticket pending until answered', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const list = await postModern(desk.http.url, 1, 'tools/list');
    expect(list.status).toBe(200);
    expect((list.message.result?.tools as unknown[] | undefined)?.length).toBeGreaterThanOrEqual(15);
    const round = await askRaw(desk, 2);
    expect(round.inputRequests.confirm.method).toBe('elicitation/create');
    const id = /ticket (T\w{8})/.exec(round.inputRequests.confirm.params.message)?.[1] as string;
    expect(desk.g.gate.get(id)?.status).toBe('PENDING');
    expect(desk.http.sessions()).toBe(0);
    await expectOrders(desk, 0);
  });

  it('places nothing on a replayed answer: the round is single use, and the replay learns what became of the ticket', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const round = await askRaw(desk);
    const placed = await answer(desk, 2, round.requestState, ACCEPT);
    const first = placed.message.result as { isError?: boolean; structuredContent: { status: string } };
    expect(first.isError).toBeFalsy();
    expect(['PLACED', 'COMPLETE']).toContain(first.structuredContent.status);
    const replay = await answer(desk, 3, round.requestState, ACCEPT);
    const again = replay.message.result as { isError: boolean; content: { text: string }[] };
    expect(again.isError).toBe(true);
    expect(again.content[0]?.text).toMatch(/already answered.*(PLACED|COMPLETE).*get_order_status/s);
    await expectOrders(desk, 1);
  });

  it('places one order when the same answer arrives many times at once', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const round = await askRaw(desk);
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, n) => answer(desk as HttpDesk, 10 + n, round.requestState, ACCEPT)),
    );
    const ok = all.filter((a) => (a.message.result as { isError?: boolean }).isError !== true);
    expect(ok).toHaveLength(1);
    await expectOrders(desk, 1);
  });

  it('refuses an altered or made-up handle before any handler runs, and places nothing', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const round = await askRaw(desk);
    const flipped = `${round.requestState.slice(0, -2)}${round.requestState.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [n, state] of [flipped, 'made-up', ''].entries()) {
      const r = await answer(desk, 5 + n, state, ACCEPT);
      expect(r.message.error?.code, state).toBe(-32602);
    }
    await expectOrders(desk, 0);
    // The genuine answer still works afterwards: tampering did not use the round up.
    const genuine = await answer(desk, 9, round.requestState, ACCEPT);
    expect((genuine.message.result as { isError?: boolean }).isError).toBeFalsy();
    await expectOrders(desk, 1);
  });

  it("declines when an answer comes back on another tool's call, and places nothing", async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const round = await askRaw(desk);
    const other = await answer(desk, 2, round.requestState, ACCEPT, 'place_multi_order');
    const result = other.message.result as { isError: boolean; structuredContent: { status: string } };
    expect(result.isError).toBe(true);
    expect(result.structuredContent.status).toBe('DECLINED');
    const late = await answer(desk, 3, round.requestState, ACCEPT);
    expect((late.message.result as { isError: boolean }).isError).toBe(true);
    await expectOrders(desk, 0);
  });

  it('declines when the retry asks for another order than the round was for, saying which, and places nothing', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    for (const [id, changed] of [
      [2, { ...ORDER, quantity: 7 }],
      [4, { ...ORDER, side: 'SELL' }],
      [6, { ...ORDER, product: 'I' }],
    ] as const) {
      const round = await askRaw(desk, id);
      const other = await answer(desk, id + 1, round.requestState, ACCEPT, 'place_order', changed);
      const result = other.message.result as { isError: boolean; structuredContent: { status: string } };
      expect(result.isError).toBe(true);
      expect(result.structuredContent.status).toBe('DECLINED');
      expect(textOf(result as never)).toMatch(
        /another order than the one this round was for: BUY 1 RELIANCE-EQ/,
      );
    }
    await expectOrders(desk, 0);
  });

  it('places nothing when the ticket expired before the answer came', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const round = await askRaw(desk);
    await desk.g.clock.advance(121_000);
    const late = await answer(desk, 2, round.requestState, ACCEPT);
    const result = late.message.result as { isError: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/expired/);
    await expectOrders(desk, 0);
  });

  it('fails closed when the client cannot show a form: nothing is previewed', async () => {
    const desk = open(await startHttpDesk({ confirm: 'elicit' }));
    const client = open(await modernClient(desk.http.url));
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no way to ask a human.*does not support elicitation/s);
    expect(desk.g.gate.list()).toHaveLength(0);
    await expectOrders(desk, 0);
  });
});
