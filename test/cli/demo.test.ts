import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('omsdesk demo', () => {
  it("drives omsdesk with the SDK's client over 2026-07-28: a quote, candles, an order confirmed through the form", async () => {
    const { code, stdout, stderr } = await runCli(['demo']);
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    expect(stdout).toMatch(/protocol 2026-07-28/);
    expect(stdout).toContain('[elicitation] omsdesk asks the person at the client');
    expect(stdout).toMatch(/Ticket T\w{8}: (PLACED|COMPLETE)/);
    expect(stdout).toContain('Done: the order reached the broker only after the person confirmed it.');
  }, 60_000);
});
