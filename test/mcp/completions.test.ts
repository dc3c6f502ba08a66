import { describe, expect, it } from 'vitest';
import { catalogOf } from './harness.js';
import { connect } from './http-client.js';
import { closeAfterEach, modernClient, startHttpDesk } from './modern-harness.js';

const open = closeAfterEach();
const NIFTY = {
  ref: { type: 'ref/prompt', name: 'order_review' },
  argument: { name: 'instrument', value: 'nifty' },
};
const SIDE = { ref: { type: 'ref/prompt', name: 'order_review' }, argument: { name: 'side', value: 'b' } };

describe('completion totals are true', () => {
  it('a list cut at 10 says there is more and claims no total; a whole list gives its total (v1 client on 2025-11-25, v2 on 2026-07-28)', async () => {
    const desk = open(await startHttpDesk());
    expect(catalogOf(desk.g)().search('nifty', { limit: 100 }).length).toBeGreaterThan(50);
    const { client: v1 } = await connect(desk.http.url);
    open(v1);
    const v2 = open(await modernClient(desk.http.url));
    for (const client of [v1, v2]) {
      const cut = await client.complete(NIFTY as never);
      expect(cut.completion.values).toHaveLength(10);
      expect(cut.completion.hasMore).toBe(true);
      expect(cut.completion.total).toBeUndefined();
      const side = await client.complete(SIDE as never);
      expect(side.completion).toMatchObject({ values: ['BUY'], total: 1, hasMore: false });
    }
  });
});
