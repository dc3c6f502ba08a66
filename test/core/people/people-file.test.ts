import { describe, expect, it } from 'vitest';
import { parsePeople } from '../../../src/core/people/index.js';

const problemsOf = (value: unknown): string[] => {
  const parsed = parsePeople(typeof value === 'string' ? value : JSON.stringify(value));
  return parsed.ok ? [] : parsed.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('the people file', () => {
  it('reads people with their roles, Discord ids and own caps', () => {
    const people = [
      { id: 'asha', role: 'trader', discord: '123456789012345678', maxDailyOrders: 5, maxDailyValue: 500000 },
      { id: 'ravi_2', role: 'approver' },
      { id: 'v-1', role: 'viewer' },
    ];
    expect(parsePeople(JSON.stringify({ people }))).toEqual({ ok: true, people });
  });

  it('reports every problem at once, by path, saying what to fix', () => {
    expect(
      problemsOf({
        people: [
          { id: 'Asha', role: 'admin', discord: 123456789012345680, email: 'a@b', Role: 'trader' },
          { id: 'ravi', role: 'trader', maxDailyOrders: 1.5, maxDailyValue: -3 },
          { id: 'ravi', role: 'viewer', discord: '12345' },
          { role: 'trader', discord: '123456789012345678' },
          { id: 'meena', role: 'trader', discord: '123456789012345678' },
          'kiran',
        ],
        admins: [],
      }),
    ).toEqual([
      'people[0].id: expected 1 to 32 of a-z, 0-9, _ and -, got "Asha"',
      'people[0].role: expected one of viewer, trader, approver, got "admin"',
      'people[0].discord: give the Discord user id as a string in quotes: JSON numbers lose its last digits',
      'people[0]: unknown fields "email", "Role": a person has id, role, discord, maxDailyOrders, maxDailyValue',
      'people[1].maxDailyOrders: expected a positive whole number of orders, got 1.5',
      'people[1].maxDailyValue: expected a positive number of rupees, got -3',
      'people[2].discord: expected a Discord user id (17 to 20 digits, Copy User ID in Discord), got "12345"',
      'people[3].id: required: a short lower-case id, such as "asha"',
      'people[5]: expected a person such as {"id": "asha", "role": "trader"}, got "kiran"',
      '(the file): unknown field "admins": the file has only "people"',
      `people[2].id: "ravi" is also people[1]'s id: ids must be unique`,
      `people[4].discord: "123456789012345678" is also people[3]'s discord: one person per Discord user`,
    ]);
  });

  it('says what a file that is not a people list is missing', () => {
    expect(problemsOf('{"people": [')).toEqual([expect.stringMatching(/^\(the file\): not valid JSON: /)]);
    expect(problemsOf([])).toEqual([
      '(the file): expected an object such as {"people": [{"id": "asha", "role": "trader"}]}, got []',
    ]);
    expect(problemsOf({})).toEqual([
      'people: required: a list of people, such as [{"id": "asha", "role": "trader"}]',
    ]);
    expect(problemsOf({ people: [{ id: 'x'.repeat(33), role: 'trader' }] })).toEqual([
      `people[0].id: expected 1 to 32 of a-z, 0-9, _ and -, got "${'x'.repeat(33)}"`,
    ]);
  });
});
