import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build.js';

/** What a user writes after `npm install omsdesk`: import by name, start the paper broker, log in, quote. */
const USER_SCRIPT = `
import {
  BROKER_ERROR_CODES, BrokerError, DEMO_ACCOUNT, GateError, InstrumentCatalog, OrderGate, createBrokerClient,
  createSimulator, isBrokerError,
} from 'omsdesk';

const sim = await createSimulator({ rateLimits: false });
const client = createBrokerClient({
  baseUrl: sim.url,
  credentials: {
    userId: DEMO_ACCOUNT.userId,
    password: DEMO_ACCOUNT.password,
    apiKey: DEMO_ACCOUNT.apiKey,
    vendorCode: DEMO_ACCOUNT.vendorCode,
    totpSecret: DEMO_ACCOUNT.totpSecret,
  },
});
try {
  const session = await client.login();
  const quote = await client.getQuote({ exchange: 'NSE', token: '2885' });
  let refused;
  try {
    await client.getQuote({ exchange: 'NSE', token: 'RELIANCE' });
  } catch (error) {
    refused = isBrokerError(error) && error instanceof BrokerError ? error.code : 'not a BrokerError';
  }
  console.log(JSON.stringify({
    userId: session.userId,
    symbol: quote.tradingSymbol,
    last: quote.lastPrice,
    refused,
    codes: BROKER_ERROR_CODES.length,
    classes: [OrderGate, GateError, InstrumentCatalog].map((c) => typeof c),
  }));
} finally {
  await client.close();
  await sim.close();
}
`;

/** Runs a module in a fresh node process inside the package, as a user's code would run; killed if it hangs. */
async function runModule(
  source: string,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    // A process that does not exit on its own has left something open: kill it and fail.
    timeout: 15_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return { code, signal, stdout, stderr };
}

describe('the package entry', () => {
  // Compiling the package is the slow step (tens of seconds on a cold, shared machine); it runs once.

  it('points exports and types at the built dist/index.js, which the build produces', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      types: string;
      exports: Record<string, { types: string; import: string }>;
    };
    expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(pkg.types).toBe('./dist/index.d.ts');
    const declarations = await readFile(join(ROOT, 'dist/index.d.ts'), 'utf8');
    expect(declarations).toContain("export * from './core/client/index.js';");
    expect(declarations).toContain('createSimulator');
  });

  it('imports by name in a fresh node process: starts the paper broker, logs in, quotes, and exits cleanly', async () => {
    const { code, signal, stdout, stderr } = await runModule(USER_SCRIPT);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      userId: 'SIM001',
      symbol: 'RELIANCE-EQ',
      refused: 'INVALID_INPUT',
      codes: 12,
      classes: ['function', 'function', 'function'],
    });
    expect(result.last).toBeGreaterThan(0);
  });

  it('runs the library example of docs/development.md as written', async () => {
    const page = await readFile(join(ROOT, 'docs/development.md'), 'utf8');
    const section = page.slice(page.indexOf('## Using omsdesk as a library'));
    const example = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain("from 'omsdesk'");
    const { code, signal, stdout, stderr } = await runModule(example);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(stdout).toMatch(/^RELIANCE-EQ \d+(\.\d+)?\n$/);
  });
});
