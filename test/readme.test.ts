import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEnvExample, configVariablesMarkdown } from '../src/core/config/index.js';
import { ALL_COMMANDS } from '../src/discord/commands/index.js';
import { runCli } from './helpers/cli.js';

const read = (file: string): string => readFileSync(resolve(import.meta.dirname, '..', file), 'utf8');
const README = read('README.md');
/** The reference pages the README sends a reader to, for what it no longer says itself. */
const MCP = read('docs/mcp.md');
const DISCORD = read('docs/discord.md');
const CONFIGURATION = read('docs/configuration.md');

/** A Markdown table without its alignment padding (the formatter pads columns). */
function unpadded(markdown: string): string {
  return markdown
    .replace(/ *\| */g, '|')
    .replace(/-{3,}/g, '---')
    .trim();
}

describe('the README stays true', () => {
  it('fits a first read: under 250 lines, none over 200 characters', () => {
    const lines = README.split('\n');
    expect(lines.length).toBeLessThan(250);
    expect(lines.filter((line) => line.length > 200)).toEqual([]);
  });

  it('gives the two commands: one runs the product, one runs the tests', () => {
    expect(README).toContain('npm ci && npm start');
    expect(README).toContain('npm test');
  });

  it('links the configuration table, generated from the config schema, unchanged (npm run docs:config)', () => {
    expect(unpadded(CONFIGURATION)).toContain(unpadded(configVariablesMarkdown()));
    expect(README).toContain('](docs/configuration.md)');
  });

  it('ships .env.example as generated from the same declarations (npm run docs:config)', () => {
    const example = readFileSync(resolve(import.meta.dirname, '../.env.example'), 'utf8');
    expect(example).toBe(configEnvExample());
    expect(README).toContain('.env.example');
    expect(CONFIGURATION).toContain('.env.example');
  });

  it('never sends a reader to a file outside the repository', () => {
    const links = [...README.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? '');
    for (const link of links) expect(link.startsWith('../') || link.startsWith('/')).toBe(false);
    expect(README).not.toMatch(/\.\.\/shared/);
  });

  it('documents every MCP tool the server lists, and no other, in docs/mcp.md', () => {
    const snapshot = JSON.parse(readFileSync(resolve(import.meta.dirname, 'mcp/tools.snap.json'), 'utf8')) as
      | { tools: Array<{ name: string }> }
      | Array<{ name: string }>;
    const listed = (Array.isArray(snapshot) ? snapshot : snapshot.tools).map((t) => t.name);
    const section = MCP.slice(MCP.indexOf('## Tools'), MCP.indexOf('\n## ', MCP.indexOf('## Tools') + 1));
    const documented = [...section.matchAll(/^\| *`([a-z_]+)` *\|/gm)].map((m) => m[1]);
    // confirm_order and whoami are listed only in some configurations (tool confirmation, a people file).
    const sometimes = ['confirm_order', 'whoami'];
    expect([...new Set([...listed, ...sometimes])].sort()).toEqual([...new Set(documented)].sort());
  });

  it('documents every Discord command the desk has, and no other, in docs/discord.md', () => {
    const start = DISCORD.indexOf('## Commands');
    const section = DISCORD.slice(start, DISCORD.indexOf('\n## ', start + 1));
    const documented = [...section.matchAll(/^\| *`\/([a-z-]+)` *\|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(ALL_COMMANDS.map((c) => c.name).sort());
  });

  it('documents every omsdesk command', async () => {
    const { stdout } = await runCli(['help']);
    const commands = [...stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThan(4);
    for (const command of commands) expect(README).toContain(`omsdesk ${command}`);
  });
});
