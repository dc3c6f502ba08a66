import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/core/vocabulary/index.js';
import { ALL_COMMANDS } from '../src/discord/commands/index.js';
import { EVERY_TOOL } from '../src/mcp/listing.js';
import { ROUTES } from '../src/sim/routes.js';

const SRC = join(import.meta.dirname, '../src');

/** Every value the modules of one folder of `src` export (its index included). */
async function exportedFrom(folder: string): Promise<unknown[]> {
  const dir = join(SRC, folder);
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
  const modules = await Promise.all(files.map((name) => import(join(dir, name)) as Promise<object>));
  return modules.flatMap((m) => Object.values(m));
}

/** Whether a value has these keys with values of these types: how each registry's entries are told apart. */
const shaped =
  (keys: Record<string, 'string' | 'object' | 'function'>) =>
  (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(keys).every(([key, type]) => typeof (value as Record<string, unknown>)[key] === type);

const isTool = shaped({ name: 'string', register: 'function', warm: 'function' });
const isCommand = shaped({ name: 'string', kind: 'string', json: 'object', prepare: 'function' });
const isRoute = shaped({ path: 'string', form: 'string', handle: 'function' });

/**
 * Expects what the modules of a folder define (each entry once, however many modules export it) to be
 * exactly what its registry holds, compared by name: nothing left out, nothing else registered.
 */
async function expectRegistered<T extends object>(
  folder: string,
  is: (value: unknown) => value is Record<string, unknown>,
  registry: readonly T[],
  name: (entry: T) => string,
): Promise<void> {
  const defined = [...new Set((await exportedFrom(folder)).filter(is))] as unknown as T[];
  expect(defined.map(name).sort()).toEqual(registry.map(name).sort());
}

describe('every tool, command and route a module defines is registered', () => {
  it('every MCP tool under src/mcp/tools is in the tools index (a list, or one of its own)', async () => {
    await expectRegistered('mcp/tools', isTool, EVERY_TOOL, (t) => t.name);
  });

  it('every Discord command under src/discord/commands is in ALL_COMMANDS', async () => {
    await expectRegistered('discord/commands', isCommand, ALL_COMMANDS, (c) => c.name);
  });

  it('every route under src/sim/handlers is in ROUTES', async () => {
    await expectRegistered('sim/handlers', isRoute, ROUTES, (r) => r.path);
  });

  it('the paper broker answers every endpoint the client declares', () => {
    const answered = new Set(ROUTES.map((r) => r.path));
    const missing = Object.entries(ENDPOINTS).filter(([, e]) => !answered.has(e.path));
    expect(missing.map(([name, e]) => `${name} ${e.path}`)).toEqual([]);
  });
});
