import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const PAGES = readdirSync(join(ROOT, 'docs/how-to'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/how-to/${name}`);
const STEPS = PAGES.filter((page) => !page.endsWith('README.md'));
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The TypeScript files under a folder of the repository, by their path from the root. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) =>
      relative(ROOT, join(ROOT, folder, name))
        .split('\\')
        .join('/'),
    );
}

/** The numbers a page states with a thousands separator, or as a count of characters. */
function statedNumbers(markdown: string): string[] {
  return [...markdown.matchAll(/\b\d{1,3}(?:,\d{3})+\b|\b\d+(?= characters)/g)].map((m) => m[0]);
}

describe('the how-to pages', () => {
  it('run npm run format before the lint, in every page', () => {
    expect(STEPS.length).toBeGreaterThan(3);
    const missing = STEPS.filter((page) => {
      const run = read(page).slice(read(page).indexOf('## Run'));
      const format = run.indexOf('npm run format');
      return format < 0 || format > run.indexOf('biome ci');
    });
    expect(missing).toEqual([]);
  });

  it('state only numbers the code holds, never a measurement a change makes stale', () => {
    const code = [...sources('src'), ...sources('scripts')].map(read).join('\n');
    const held = (n: string): boolean => {
      const digits = n.replace(/,/g, '');
      const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
      return new RegExp(`(?<![\\d_.])(${digits}|${grouped})(?![\\d_])`).test(code);
    };
    const stated = PAGES.flatMap((page) => statedNumbers(read(page)).map((n) => `${page}: ${n}`));
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((s) => !held(s.split(': ')[1] ?? ''))).toEqual([]);
    // The check itself: a measured size is not in the code.
    expect(
      statedNumbers('the longest list was 19,556 characters; the smallest costs 420 characters'),
    ).toEqual(['19,556', '420']);
    expect(held('19,556')).toBe(false);
    expect(held('1,300')).toBe(true);
  });

  it("name every file that declares or builds the MCP server's dependencies and the desk's settings", () => {
    const builds =
      /interface (McpDeps|DeskSettings|DeskDeps)\b|\): (McpDeps|DeskSettings) \{|: (McpDeps|DeskSettings) = \{/;
    const files = [...sources('src'), ...sources('test')].filter((file) => builds.test(read(file)));
    expect(files).toEqual(expect.arrayContaining(['src/mcp/deps.ts', 'src/discord/deps.ts']));
    const page = read('docs/how-to/add-a-configuration-variable.md');
    expect(files.filter((file) => !page.includes(`\`${file}\``))).toEqual([]);
  });
});
