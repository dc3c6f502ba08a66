import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  type ConfigSources,
  loadConfig,
  requireStdioPerson,
} from '../../../src/core/config/index.js';
import { config } from './helpers.js';

const PEOPLE = JSON.stringify({
  people: [
    { id: 'asha', role: 'approver', discord: '123456789012345678' },
    { id: 'ravi', role: 'trader' },
  ],
});

/** Sources whose only file is a people file at `path` (nothing else exists). */
function withFile(env: Record<string, string>, path = '.omsdesk/people.json', text = PEOPLE): ConfigSources {
  return { env, readFile: (p) => (p === path ? text : undefined) };
}

function problemsOf(sources: ConfigSources): string[] {
  try {
    loadConfig(sources);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.variable}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('the people file in the configuration', () => {
  it('changes nothing when there is none: the shared token and the Discord approvers stay', () => {
    const env = {
      OMSDESK_MCP_TOKEN: 'a-long-shared-token-0123456789',
      OMSDESK_MCP_HOST: '0.0.0.0',
      OMSDESK_DISCORD_APPROVERS: '123456789012345678',
    };
    const none = loadConfig({ env, readFile: () => undefined });
    expect(none).toEqual(config(env));
    expect(none.people).toBeUndefined();
    expect(none.mcp.token).toBe(env.OMSDESK_MCP_TOKEN);
  });

  it('is people.json in the data dir when present, or the file OMSDESK_PEOPLE_FILE names', () => {
    expect(loadConfig(withFile({})).people).toEqual({ file: '.omsdesk/people.json', fourEyes: false });
    expect(loadConfig(withFile({ OMSDESK_DISCORD_FOUR_EYES: 'true' })).people?.fourEyes).toBe(true);
    expect(loadConfig(withFile({ OMSDESK_DATA_DIR: '/srv/desk' }, '/srv/desk/people.json')).people).toEqual({
      file: '/srv/desk/people.json',
      fourEyes: false,
    });
    expect(
      loadConfig(
        withFile({ OMSDESK_PEOPLE_FILE: '/etc/team.json', OMSDESK_PERSON: 'ravi' }, '/etc/team.json'),
      ).people,
    ).toEqual({
      file: '/etc/team.json',
      person: 'ravi',
      fourEyes: false,
    });
  });

  it('refuses a named file that does not exist, and says so', () => {
    expect(problemsOf({ env: { OMSDESK_PEOPLE_FILE: '/etc/none.json' }, readFile: () => undefined })).toEqual(
      ['OMSDESK_PEOPLE_FILE: no file at /etc/none.json: create it, or unset OMSDESK_PEOPLE_FILE'],
    );
  });

  it('reports the file’s problems with every other problem at once, and refuses the settings it replaces as ambiguous', () => {
    const bad = JSON.stringify({
      people: [
        { id: 'asha', role: 'boss' },
        { id: 'asha', role: 'trader', tz: 'IST' },
      ],
    });
    expect(
      problemsOf(
        withFile(
          {
            OMSDESK_MAX_ORDER_VALUE: 'lots',
            OMSDESK_MCP_TOKEN: 'a-long-shared-token-0123456789',
            OMSDESK_DISCORD_APPROVERS: '123456789012345678',
            OMSDESK_PERSON: 'Asha!',
          },
          '.omsdesk/people.json',
          bad,
        ),
      ),
    ).toEqual([
      'OMSDESK_MAX_ORDER_VALUE: expected a positive number, got "lots"',
      'OMSDESK_PEOPLE_FILE: .omsdesk/people.json: people[0].role: expected one of viewer, trader, approver, got "boss"',
      'OMSDESK_PEOPLE_FILE: .omsdesk/people.json: people[1]: unknown field "tz": a person has id, role, discord, maxDailyOrders, maxDailyValue',
      `OMSDESK_PEOPLE_FILE: .omsdesk/people.json: people[1].id: "asha" is also people[0]'s id: ids must be unique`,
      `OMSDESK_PERSON: expected a person's id from the people file (1 to 32 of a-z, 0-9, _ and -), got "Asha!"`,
      'OMSDESK_MCP_TOKEN: ambiguous with the people file .omsdesk/people.json: each person uses a personal token instead (omsdesk token issue <person-id>); remove OMSDESK_MCP_TOKEN',
      'OMSDESK_DISCORD_APPROVERS: ambiguous with the people file .omsdesk/people.json: the approvers are its people whose role is approver (with their discord ids); remove OMSDESK_DISCORD_APPROVERS',
    ]);
  });

  it('refuses OMSDESK_PERSON naming nobody in the file', () => {
    expect(problemsOf(withFile({ OMSDESK_PERSON: 'meena' }))).toEqual([
      'OMSDESK_PERSON: "meena" is not in the people file .omsdesk/people.json (it names asha, ravi)',
    ]);
  });

  it('lets the MCP server off loopback without the shared token: personal tokens guard it', () => {
    expect(problemsOf({ env: { OMSDESK_MCP_HOST: '0.0.0.0' }, readFile: () => undefined })).toHaveLength(1);
    expect(problemsOf(withFile({ OMSDESK_MCP_HOST: '0.0.0.0' }))).toEqual([]);
  });

  it('warns that OMSDESK_PERSON does nothing without a people file', () => {
    expect(loadConfig({ env: { OMSDESK_PERSON: 'ravi' }, readFile: () => undefined }).warnings).toEqual([
      'OMSDESK_PERSON is ignored without a people file.',
    ]);
  });

  it('only locates the file for the token commands, whatever its state', () => {
    const sources = withFile(
      { OMSDESK_MCP_TOKEN: 'a-long-shared-token-0123456789' },
      '.omsdesk/people.json',
      '{',
    );
    expect(problemsOf(sources)).toHaveLength(2);
    expect(loadConfig({ ...sources, people: 'locate' }).people).toEqual({
      file: '.omsdesk/people.json',
      fourEyes: false,
    });
  });

  it('requires OMSDESK_PERSON for MCP on stdio with a people file, and only then', () => {
    expect(() => requireStdioPerson(loadConfig(withFile({})))).toThrow(
      /OMSDESK_PERSON: required for omsdesk mcp on stdio with a people file \(\.omsdesk\/people\.json\)/,
    );
    expect(() => requireStdioPerson(loadConfig(withFile({ OMSDESK_PERSON: 'ravi' })))).not.toThrow();
    expect(() => requireStdioPerson(config({}))).not.toThrow();
  });
});
