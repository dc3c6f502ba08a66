import { describe, expect, it } from 'vitest';
import { ConfigError, type ConfigSources, loadConfig } from '../../../src/core/config/index.js';

const PEOPLE = JSON.stringify({ people: [{ id: 'asha', role: 'trader' }] });
const withPeople = (env: Record<string, string>): ConfigSources => ({
  env: { OMSDESK_PEOPLE_FILE: '/p.json', ...env },
  readFile: (p) => (p === '/p.json' ? PEOPLE : undefined),
});

function problemsOf(sources: ConfigSources): string[] {
  try {
    loadConfig(sources);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.variable}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('sign-in settings', () => {
  it('turn on with a public URL and a people file; Discord sign-in with the application id and its secret', () => {
    const c = loadConfig(
      withPeople({
        OMSDESK_PUBLIC_URL: 'https://desk.example.com/',
        DISCORD_APPLICATION_ID: '1200000000000000002',
        DISCORD_CLIENT_SECRET: 'a-client-secret',
      }),
    );
    expect(c.signIn).toEqual({
      publicUrl: 'https://desk.example.com',
      discord: {
        applicationId: '1200000000000000002',
        clientSecret: 'a-client-secret',
        authorizeUrl: 'https://discord.com/oauth2/authorize',
        apiUrl: 'https://discord.com/api',
      },
    });
    expect(c.warnings).toEqual([]);
    expect(loadConfig(withPeople({ OMSDESK_PUBLIC_URL: 'http://127.0.0.1:8765' })).signIn).toEqual({
      publicUrl: 'http://127.0.0.1:8765',
    });
    expect(loadConfig({ env: {} }).signIn).toBeUndefined();
  });

  it('refuses plain http off loopback, a path, a public URL without a people file, and a client secret alone', () => {
    expect(problemsOf(withPeople({ OMSDESK_PUBLIC_URL: 'http://desk.example.com' }))).toEqual([
      'OMSDESK_PUBLIC_URL: use https (plain http only on loopback), got "http://desk.example.com"',
    ]);
    expect(problemsOf(withPeople({ OMSDESK_PUBLIC_URL: 'https://desk.example.com/omsdesk' }))).toEqual([
      'OMSDESK_PUBLIC_URL: give the origin alone, without a path, got "https://desk.example.com/omsdesk"',
    ]);
    expect(problemsOf({ env: { OMSDESK_PUBLIC_URL: 'https://desk.example.com' } })).toEqual([
      expect.stringMatching(/^OMSDESK_PUBLIC_URL: needs a people file/),
    ]);
    expect(problemsOf(withPeople({ DISCORD_CLIENT_SECRET: 'a-client-secret' }))).toEqual([
      'OMSDESK_PUBLIC_URL: required with DISCORD_CLIENT_SECRET: Discord sends people back to it after they sign in',
      'DISCORD_APPLICATION_ID: required with DISCORD_CLIENT_SECRET',
    ]);
  });
});
