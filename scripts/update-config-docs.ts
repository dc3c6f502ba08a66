// Rewrites the configuration table of docs/configuration.md, .env.example and server.json's variables from the declared
// variables (tests check all three).
import { readFileSync, writeFileSync } from 'node:fs';
import { configEnvExample, configVariablesMarkdown } from '../src/core/config/index.js';
import { type ServerJson, updatedServerJson } from './server-json.js';

const path = new URL('../docs/configuration.md', import.meta.url);
const page = readFileSync(path, 'utf8');
const start = page.indexOf('| Variable ');
if (start < 0)
  throw new Error('docs/configuration.md has no configuration table (a line starting "| Variable ")');
const end = page.indexOf('\n\n', start);
const rows = configVariablesMarkdown()
  .split('\n')
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
const table = rows
  .map((r, n) =>
    n === 1
      ? `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`
      : `| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`,
  )
  .join('\n');
writeFileSync(path, `${page.slice(0, start)}${table}${end < 0 ? '\n' : page.slice(end)}`);
console.log(`docs/configuration.md: configuration table rewritten (${rows.length - 2} variables)`);
writeFileSync(new URL('../.env.example', import.meta.url), configEnvExample());
console.log('.env.example rewritten');
const serverPath = new URL('../server.json', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const server = updatedServerJson(JSON.parse(readFileSync(serverPath, 'utf8')) as ServerJson, manifest);
writeFileSync(serverPath, `${JSON.stringify(server, null, 2)}\n`);
console.log('server.json: version and variables rewritten');
