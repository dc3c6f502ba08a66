import { afterEach, describe, expect, it } from 'vitest';
import { type DeskHarness, startDesk, textOf } from './harness.js';

let d: DeskHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

describe('smoke', () => {
  it('answers /quote', async () => {
    d = await startDesk();
    const rec = d.run('quote', { instrument: 'RELIANCE' });
    const reply = await d.fake.reply(rec);
    console.log(textOf(reply));
    expect(textOf(reply)).toContain('NSE:RELIANCE-EQ');
  });
});
