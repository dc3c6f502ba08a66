import { describe, expect, it } from 'vitest';
import { catalogOf, startMcp } from './harness.js';
import { closeAfterEach, modernClient, startHttpDesk } from './modern-harness.js';

const open = closeAfterEach();
const NIFTY = {
  ref: { type: 'ref/prompt', name: 'order_review' },
  argument: { name: 'instrument', value: 'nifty' },
};
const SIDE = { ref: { type: 'ref/prompt', name: 'order_review' }, argument: { name: 'side', value: 'b' } };

describe('completion totals are true', () => {
  it('a list cut at 10 says there is more and claims no total; a whole list gives its total (v1 client, 2025-11-25)', async () => {
    const mcp = open(await startMcp());
    expect(catalogOf(mcp.g)().search('nifty', { limit: 100 }).length).toBeGreaterThan(50);
    const cut = await mcp.client.complete(NIFTY as never);
    expect(cut.completion).toEqual({ values: expect.any(Array), hasMore: true });
    expect(cut.completion.values).toHaveLength(10);
    expect((await mcp.client.complete(SIDE as never)).completion).toEqual({
      values: ['BUY'],
      total: 1,
      hasMore: false,
    });
  });

  it('the same over HTTP with the v2 client on 2026-07-28', async () => {
    const desk = open(await startHttpDesk());
    const client = open(await modernClient(desk.http.url));
    const cut = await client.complete(NIFTY as never);
    expect(cut.completion.values).toHaveLength(10);
    expect(cut.completion.hasMore).toBe(true);
    expect(cut.completion.total).toBeUndefined();
    const side = await client.complete(SIDE as never);
    expect(side.completion).toMatchObject({ values: ['BUY'], total: 1, hasMore: false });
  });
});
