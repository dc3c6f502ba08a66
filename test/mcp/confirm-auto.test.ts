import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalChannel } from '../../src/core/gate/index.js';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';

const ORDER = { instrument: 'TCS', side: 'B', quantity: 1, product: 'CNC' };
let m: McpHarness | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
});

describe('auto confirmation', () => {
  it('asks through elicitation when the client supports it', async () => {
    m = await startMcp({ confirm: 'auto', person: () => ({ action: 'accept', content: { confirm: true } }) });
    const data = dataOf<{ confirmation: string; status: string }>(await m.call('place_order', ORDER));
    expect(m.asked).toHaveLength(1);
    expect(data.confirmation).toBe('elicitation');
    expect(m.g.placements).toHaveLength(1);
  });

  it('posts to the approval channel when the client cannot elicit and a channel exists', async () => {
    const posted: string[] = [];
    const approvals: ApprovalChannel = {
      name: 'discord',
      async post(t) {
        posted.push(t.id);
        setTimeout(() => void m?.g.gate.decline(t.id, { channel: 'discord', id: 'alice' }), 20);
      },
    };
    m = await startMcp({ confirm: 'auto', approvalChannel: approvals });
    const data = dataOf<{ confirmation: string; status: string }>(await m.call('place_order', ORDER));
    expect(posted).toHaveLength(1);
    expect(data).toMatchObject({ confirmation: 'discord', status: 'DECLINED' });
  });

  it('falls back to tool confirmation on the paper broker', async () => {
    m = await startMcp({ confirm: 'auto', broker: 'paper' });
    const data = dataOf<{ confirmation: string; status: string }>(await m.call('place_order', ORDER));
    expect(data).toMatchObject({ confirmation: 'tool', status: 'PENDING' });
    expect(m.g.placements).toHaveLength(0);
  });

  it('refuses against a live broker when no human can be asked, saying how to enable a path', async () => {
    m = await startMcp({ confirm: 'auto', broker: 'live' });
    const r = await m.call('place_order', ORDER);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /no way to ask a human.*elicitation.*OMSDESK_CONFIRM=discord.*OMSDESK_CONFIRM=tool/s,
    );
    expect(m.g.gate.list()).toHaveLength(0);
    expect(m.g.placements).toHaveLength(0);
  });
});
