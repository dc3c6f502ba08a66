import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEnvExample, configVariablesMarkdown } from '../src/core/config/index.js';
import { ALL_COMMANDS } from '../src/discord/commands/index.js';
import { runCli } from './helpers/cli.js';

const README = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');

/** A Markdown table without its alignment padding (the formatter pads columns). */
function unpadded(markdown: string): string {
  return markdown
    .replace(/ *\| */g, '|')
    .replace(/-{3,}/g, '---')
    .trim();
}

describe('the README stays true', () => {
  it('gives the two commands: one runs the product, one runs the tests', () => {
    expect(README).toContain('npm ci && npm start');
    expect(README).toContain('npm test');
  });

  it('carries the configuration table generated from the config schema, unchanged', () => {
    expect(unpadded(README)).toContain(unpadded(configVariablesMarkdown()));
  });

  it('ships .env.example as generated from the same declarations (npm run docs:config)', () => {
    const example = readFileSync(resolve(import.meta.dirname, '../.env.example'), 'utf8');
    expect(example).toBe(configEnvExample());
    expect(README).toContain('.env.example');
  });

  it('never sends a reader to a file outside the repository', () => {
    const links = [...README.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? '');
    for (const link of links) expect(link.startsWith('../') || link.startsWith('/')).toBe(false);
    expect(README).not.toMatch(/\.\.\/shared/);
  });

  it('documents every MCP tool the server lists, and no other', () => {
    const snapshot = JSON.parse(readFileSync(resolve(import.meta.dirname, 'mcp/tools.snap.json'), 'utf8')) as
      | { tools: Array<{ name: string }> }
      | Array<{ name: string }>;
    const listed = (Array.isArray(snapshot) ? snapshot : snapshot.tools).map((t) => t.name);
    const section = README.slice(
      README.indexOf('## MCP tools'),
      README.indexOf('\n## ', README.indexOf('## MCP tools') + 1),
    );
    const documented = [...section.matchAll(/^\| *`([a-z_]+)` *\|/gm)].map((m) => m[1]);
    // confirm_order and whoami are listed only in some configurations (tool confirmation, a people file).
    const sometimes = ['confirm_order', 'whoami'];
    expect([...new Set([...listed, ...sometimes])].sort()).toEqual([...new Set(documented)].sort());
  });

  it('documents every Discord command the desk has, and no other', () => {
    const desk = README.indexOf('## The Discord desk');
    const start = README.indexOf('### Commands', desk);
    const section = README.slice(start, README.indexOf('\n### ', start + 1));
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
