import { describe, expect, it } from 'vitest';
import { fourEyesWarning } from '../../src/cli/desk-settings.js';
import { type ConfigSources, loadConfig } from '../../src/core/config/index.js';

const PEOPLE = JSON.stringify({
  people: [
    { id: 'asha', role: 'trader' },
    { id: 'ravi', role: 'approver' },
  ],
});
const DISCORD = {
  DISCORD_TOKEN: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB',
  DISCORD_APPLICATION_ID: '112233445566778899',
  DISCORD_GUILD_ID: '223344556677889900',
};

/** A configuration as found with `env` and, when `people`, a people file in the data dir. */
function load(env: Record<string, string>, people = true) {
  const sources: ConfigSources = {
    env: { OMSDESK_DATA_DIR: '/srv/desk', ...env },
    readFile: (p) => (people && p === '/srv/desk/people.json' ? PEOPLE : undefined),
  };
  return loadConfig(sources);
}

describe('four-eyes with a people file where no Discord approver runs', () => {
  it('is said to refuse every order, never to be ignored, when DISCORD_TOKEN is not set', () => {
    const warnings = load({
      OMSDESK_DISCORD_FOUR_EYES: 'true',
      DISCORD_GUILD_ID: '223344556677889900',
    }).warnings;
    expect(warnings).toEqual([
      'DISCORD_GUILD_ID is ignored without DISCORD_TOKEN.',
      expect.stringMatching(
        /^OMSDESK_DISCORD_FOUR_EYES=true with a people file and no Discord desk: .*every order is refused/,
      ),
    ]);
    expect(warnings.join('\n')).not.toMatch(/FOUR_EYES[^\n]*ignored/);
    // Off, it lets each person confirm their own orders: it is used, so it is not called ignored either.
    expect(load({ OMSDESK_DISCORD_FOUR_EYES: 'false' }).warnings).toEqual([]);
  });

  it('is still a Discord-only setting, ignored without a token, when there is no people file', () => {
    expect(load({ OMSDESK_DISCORD_FOUR_EYES: 'true' }, false).warnings).toEqual([
      'OMSDESK_DISCORD_FOUR_EYES is ignored without DISCORD_TOKEN.',
    ]);
  });

  it('is said by a command that runs no approvals channel although DISCORD_TOKEN is set', () => {
    const config = load({ ...DISCORD, OMSDESK_DISCORD_FOUR_EYES: 'true' });
    expect(config.warnings).toEqual([]);
    expect(fourEyesWarning(config, 'omsdesk mcp', false)).toMatch(
      /^OMSDESK_DISCORD_FOUR_EYES=true with a people file, and omsdesk mcp runs no Discord approvals channel: .*every order is refused here/,
    );
    expect(fourEyesWarning(config, 'omsdesk serve', true)).toBeUndefined();
    expect(
      fourEyesWarning(load({ ...DISCORD, OMSDESK_DISCORD_FOUR_EYES: 'false' }), 'omsdesk mcp', false),
    ).toBe(undefined);
    const readOnly = load({ ...DISCORD, OMSDESK_DISCORD_FOUR_EYES: 'true', OMSDESK_READ_ONLY: 'true' });
    expect(fourEyesWarning(readOnly, 'omsdesk mcp', false)).toBeUndefined();
  });
});
