import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/core/config/index.js';
import { runCli } from './helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = [
  'mcp.md',
  'gate.md',
  'discord.md',
  'people.md',
  'paper-broker.md',
  'configuration.md',
  'operations.md',
  'broker-api.md',
  'architecture.md',
  'development.md',
];

/** Every Markdown file a reader is sent to: the README and the docs folder, the how-to pages included. */
const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).map((name) => `docs/${name}`),
].filter((f) => f.endsWith('.md'));
const HOW_TO = FILES.filter((f) => f.startsWith('docs/how-to/'));

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The text outside fenced code blocks (a `#` in a shell example is no heading, a `](` no link). */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

/** The anchors of a file's headings, as GitHub makes them (a repeated heading gets `-1`, `-2`, …). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    out.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return out;
}

/** The targets of a file's Markdown links. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** What is wrong with one link of `file`, if anything: it must stay in the repository and lead somewhere. */
function linkProblem(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    // The README's own web links are governed by its own test; the docs stand alone.
    return file.startsWith('docs/') ? `${file} links outside the repository: ${target}` : undefined;
  }
  const [path = '', fragment] = target.split('#', 2);
  const destination = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), path);
  const inside = relative(ROOT, destination);
  if (path.startsWith('/') || inside.startsWith('..'))
    return `${file} links outside the repository: ${target}`;
  if (!existsSync(destination)) return `${file} links to a missing file: ${target}`;
  if (fragment !== undefined && destination.endsWith('.md')) {
    if (!anchors(readFileSync(destination, 'utf8')).has(fragment))
      return `${file} links to a missing heading: ${target}`;
  }
  return undefined;
}

describe('the documentation stays true', () => {
  it('is linked from a Documentation section near the top of the README, before the quick start', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Documentation'), readme.indexOf('## Quick start'));
    expect(readme.indexOf('## Documentation')).toBeGreaterThan(0);
    expect(readme.indexOf('## Documentation')).toBeLessThan(readme.indexOf('## Quick start'));
    for (const doc of DOCS) {
      expect(existsSync(join(ROOT, 'docs', doc))).toBe(true);
      expect(section).toContain(`](docs/${doc})`);
    }
  });

  it('links only inside the repository, to files and headings that exist', () => {
    const problems = FILES.flatMap((file) =>
      links(read(file)).flatMap((target) => linkProblem(file, target) ?? []),
    );
    expect(problems).toEqual([]);
  });

  it('catches a link that leaves the repository, a missing file and a missing heading', () => {
    expect(linkProblem('docs/operations.md', '../../shared/spec.md')).toMatch(/outside the repository/);
    expect(linkProblem('docs/operations.md', 'https://example.com/spec')).toMatch(/outside the repository/);
    expect(linkProblem('docs/operations.md', 'no-such-file.md')).toMatch(/missing file/);
    expect(linkProblem('docs/operations.md', '../README.md#no-such-heading')).toMatch(/missing heading/);
    expect(linkProblem('docs/operations.md', '../README.md#quick-start')).toBeUndefined();
    expect(linkProblem('docs/operations.md', 'gate.md#confirmation-modes-omsdesk_confirm')).toBeUndefined();
  });

  it('has a how-to page for each change that reaches across the code, linked from the README and architecture.md', () => {
    expect(HOW_TO.sort()).toEqual([
      'docs/how-to/README.md',
      'docs/how-to/add-a-broker-endpoint.md',
      'docs/how-to/add-a-configuration-variable.md',
      'docs/how-to/add-a-discord-command.md',
      'docs/how-to/add-an-mcp-tool.md',
    ]);
    const readme = read('README.md');
    expect(readme.slice(readme.indexOf('## Development'))).toContain('](docs/how-to/README.md)');
    expect(read('docs/development.md')).toContain('](how-to/README.md)');
    expect(read('docs/architecture.md')).toContain('](how-to/README.md)');
    const index = read('docs/how-to/README.md');
    for (const page of HOW_TO.filter((f) => !f.endsWith('README.md')))
      expect(index).toContain(`](${page.slice('docs/how-to/'.length)})`);
  });

  it('sends the next person only to files and folders that exist, in the how-to pages', () => {
    const named = HOW_TO.flatMap((file) =>
      [...read(file).matchAll(/`((?:src|test|scripts|bench|docs)\/[^`<>\s]*)`/g)].map((m) => m[1] ?? ''),
    );
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('names only configuration variables omsdesk reads', () => {
    const known = new Set<string>(CONFIG_VARIABLES.map((v) => v.name));
    const named = FILES.filter((f) => f.startsWith('docs/')).flatMap((file) =>
      [...read(file).matchAll(/\b(?:OMSDESK|DISCORD)_[A-Z0-9][A-Z0-9_]*\b/g)].map((m) => m[0]),
    );
    expect(named.length).toBeGreaterThan(20);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
  });

  it('gives each variable one meaning: none a page calls unused while omsdesk reads it', () => {
    const unused = FILES.flatMap((file) =>
      [
        ...read(file).matchAll(
          /`((?:OMSDESK|DISCORD)_[A-Z0-9_]+)`[^.]{0,40}\b(?:not used|unused|has no effect)\b/g,
        ),
      ].map((m) => `${file}: ${m[0]}`),
    );
    expect(unused).toEqual([]);
  });

  it("shows how to run token and audit as the systemd unit's user, with its data dir and key", () => {
    const ops = read('docs/operations.md');
    const unit = /^# \/etc\/systemd\/system\/omsdesk\.service\n([\s\S]*?)^```/m.exec(ops)?.[1] ?? '';
    const user = /^User=(\S+)$/m.exec(unit)?.[1];
    const command = /^ExecStart=(.+) serve$/m.exec(unit)?.[1];
    const variables = [...unit.matchAll(/^Environment=((?:OMSDESK_DATA_DIR|OMSDESK_AUDIT_KEY_FILE)=\S+)$/gm)];
    expect([user, command, variables.length]).toEqual([expect.any(String), expect.any(String), 2]);
    const start = ops.indexOf("### Operating the unit's data dir");
    const section = ops.slice(start, ops.indexOf('\n## ', start));
    const helper = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(helper).toContain(`sudo -u ${user} env `);
    for (const [, assignment] of variables) expect(helper).toContain(assignment);
    expect(helper.replace(/\\\n\s*/g, '')).toContain(command);
    for (const use of ['token issue', 'token list', 'token revoke', 'audit verify'])
      expect(helper).toContain(use);
  });

  it('names only omsdesk commands that exist', async () => {
    const { stdout } = await runCli(['help']);
    const commands = new Set([...stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]));
    const named = FILES.filter((f) => f.startsWith('docs/')).flatMap((file) =>
      [...read(file).matchAll(/`omsdesk ([a-z][a-z-]*)/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].filter((name) => !commands.has(name))).toEqual([]);
  });
});
