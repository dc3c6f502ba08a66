import { describe, expect, it } from 'vitest';
import { fitOrdering } from '../../src/mcp/ordering.js';
import { catalogOf, startMcp } from './harness.js';
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

describe('completion is answered from the completers omsdesk registered', () => {
  it('gives an argument with no completer an empty true list, and refuses a prompt a viewer is not offered and an unknown template', async () => {
    const mcp = await startMcp();
    try {
      const quantity = await mcp.client.complete({
        ref: { type: 'ref/prompt', name: 'order_review' },
        argument: { name: 'quantity', value: '1' },
      });
      expect(quantity.completion).toEqual({ values: [], total: 0, hasMore: false });
      await expect(
        mcp.client.complete({
          ref: { type: 'ref/resource', uri: 'omsdesk://nowhere/{id}' },
          argument: { name: 'id', value: 'x' },
        }),
      ).rejects.toThrow(/nothing to complete/);
      fitOrdering(mcp.server, false);
      await expect(mcp.client.complete(SIDE as never)).rejects.toThrow(
        /order_review has nothing to complete/,
      );
      const watch = await mcp.client.complete({
        ref: { type: 'ref/prompt', name: 'morning_brief' },
        argument: { name: 'watch', value: 'infy' },
      });
      expect(watch.completion.values).toContain('NSE:INFY-EQ');
    } finally {
      await mcp.close();
    }
  });
});
