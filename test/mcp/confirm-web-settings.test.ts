import { describe, expect, it } from 'vitest';
import { choosePath, confirmationProblem } from '../../src/mcp/confirm/settings.js';

const WEB = { mode: 'web', allowToolConfirmLive: false } as const;
const facts = { canElicit: true, hasChannel: false, broker: 'live' } as const;

describe('OMSDESK_CONFIRM=web', () => {
  it('sends a link to a client that opens links while the web desk runs; any other client keeps the form, or nothing', () => {
    expect(choosePath(WEB, { ...facts, canLink: true, hasWebDesk: true })).toBe('web');
    expect(choosePath(WEB, { ...facts, canLink: false, hasWebDesk: true })).toBe('elicitation');
    expect(choosePath(WEB, { ...facts, canLink: true, hasWebDesk: false })).toBe('elicitation');
    expect(choosePath(WEB, { ...facts, canElicit: false, canLink: false, hasWebDesk: true })).toBe('none');
  });

  it('refuses to start without the web desk, saying what it needs', () => {
    expect(confirmationProblem(WEB, { hasChannel: false, broker: 'live', hasWebDesk: false })).toContain(
      'OMSDESK_PUBLIC_URL and a people file',
    );
    expect(confirmationProblem(WEB, { hasChannel: true, broker: 'live', hasWebDesk: true })).toBeUndefined();
  });
});
