import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARS_PER_TOOL, listingForms, measure } from '../../scripts/listing-forms.js';
import { toolsFor } from '../../src/mcp/listing.js';
import { modernRequest, post, postModern } from './http-client.js';
import { type HttpDesk, startHttpDesk } from './modern-harness.js';

let desk: HttpDesk;
beforeAll(async () => {
  desk = await startHttpDesk({ confirm: 'tool', gate: { watcher: true } });
});
afterAll(() => desk.close());

describe('lists in 2026-07-28: cacheable and lean', () => {
  it('answers tools/list with cache hints, as measured for its form, within 1,300 characters a tool on the wire', async () => {
    const { headers, body } = modernRequest(1, 'tools/list');
    const answer = await post(desk.http.url, headers, body);
    const result = (
      JSON.parse(answer.text) as { result: { tools: { name: string }[]; ttlMs: number; cacheScope: string } }
    ).result;
    const settings = {
      readOnly: false,
      confirm: { mode: 'tool', allowToolConfirmLive: false },
      broker: 'paper',
    } as const;
    expect(result.tools.map((t) => t.name)).toEqual(toolsFor(settings).map((t) => t.name));
    expect(result).toMatchObject({ ttlMs: 300_000, cacheScope: 'private' });
    // What the size command measures for this form is what this endpoint sends.
    const form = listingForms().find(
      (f) =>
        f.era === 'modern' &&
        f.lister === 'operator' &&
        !f.settings.readOnly &&
        f.settings.confirm.mode === 'tool' &&
        f.settings.broker === 'paper',
    );
    expect(answer.text.length).toBe(form && (await measure(form)).chars);
    expect(answer.text.length).toBeLessThanOrEqual(CHARS_PER_TOOL * result.tools.length);
  });

  it('gives the prompts and the templates the same hints, and live data none', async () => {
    for (const method of ['prompts/list', 'resources/list', 'resources/templates/list']) {
      const { message } = await postModern(desk.http.url, 2, method);
      expect(message.result, method).toMatchObject({ ttlMs: 300_000, cacheScope: 'private' });
    }
    const read = await postModern(desk.http.url, 3, 'resources/read', { uri: 'omsdesk://orders/today' });
    expect(read.message.result).toMatchObject({ ttlMs: 0 });
  });
});
