import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Person } from '../../src/core/people/index.js';
import { WebSessions } from '../../src/web/desk/sessions.js';

const RAVI: Person = { id: 'ravi', role: 'approver', discord: '1200000000000000203' };

function sessionsFor(
  publicUrl: string,
  people: { person?: Person | undefined; active?: boolean },
  now = () => 0,
) {
  return new WebSessions(
    {
      byId: async (id) => (people.person?.id === id ? people.person : undefined),
      tokenActiveFor: async () => people.active ?? true,
    },
    publicUrl,
    now,
  );
}

const withCookie = (cookie: string): IncomingMessage =>
  ({ headers: { cookie: cookie.split(';')[0] } }) as IncomingMessage;

describe('web desk sessions', () => {
  it('are cookies HttpOnly and SameSite=Lax, Secure with a __Host- name on https only', () => {
    const loopback = sessionsFor('http://127.0.0.1:8080', { person: RAVI }).open(RAVI, {
      kind: 'token',
      tokenId: 't1',
    }).cookie;
    expect(loopback).toMatch(/^omsdesk_desk=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    const https = sessionsFor('https://desk.example.com', { person: RAVI }).open(RAVI, {
      kind: 'token',
      tokenId: 't1',
    }).cookie;
    expect(https).toMatch(/^__Host-omsdesk_desk=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('end when the token is revoked, the Discord link changes, the person leaves, or time runs out', async () => {
    const people: { person?: Person | undefined; active?: boolean } = { person: RAVI };
    let now = 0;
    const sessions = sessionsFor('http://127.0.0.1:8080', people, () => now);
    const ended: string[] = [];
    sessions.onEnd((id) => ended.push(id));
    const byToken = sessions.open(RAVI, { kind: 'token', tokenId: 't1' });
    expect(await sessions.current(withCookie(byToken.cookie))).toMatchObject({ person: RAVI });
    people.active = false;
    expect(await sessions.current(withCookie(byToken.cookie))).toEqual({ refusal: 'ended' });
    expect(ended).toEqual([byToken.session.id]);

    const byDiscord = sessions.open(RAVI, { kind: 'discord', userId: RAVI.discord ?? '' });
    people.person = { ...RAVI, discord: '1200000000000000999' };
    expect(await sessions.current(withCookie(byDiscord.cookie))).toEqual({ refusal: 'ended' });

    people.person = RAVI;
    const idle = sessions.open(RAVI, { kind: 'discord', userId: RAVI.discord ?? '' });
    now += 3_600_001;
    expect(await sessions.current(withCookie(idle.cookie))).toEqual({ refusal: 'expired' });

    const gone = sessions.open(RAVI, { kind: 'discord', userId: RAVI.discord ?? '' });
    people.person = undefined;
    expect(await sessions.current(withCookie(gone.cookie))).toEqual({ refusal: 'ended' });
    expect(await sessions.current(withCookie('omsdesk_desk=forged'))).toEqual({ refusal: 'expired' });
    expect(sessions.list()).toEqual([]);
  });
});
