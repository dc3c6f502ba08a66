import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Where the system Chromium is: CHROMIUM_PATH when set, else the one on PATH. */
export function chromiumPath(): string {
  const override = process.env.CHROMIUM_PATH;
  if (override) return override;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // A missing browser is a failure, not a skip: pages untested are not tested.
    throw new Error(
      'Chromium is not installed: run `apt-get install -y chromium` (.ci/run does), or set CHROMIUM_PATH',
    );
  }
}

/** Starts one headless Chromium for a test file; close it in afterAll. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root needs --no-sandbox; /dev/shm is small in containers.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-gpu'],
  });
}

/** What a test file's browser offers its tests: new contexts (a person each) and new pages. */
export type BrowserForTests = Pick<Browser, 'newContext' | 'newPage'>;

/**
 * One browser for a test file (launched before its tests, closed after them) and, after each test, what
 * the test opened (`closing`, newest first) closed, then `afterEachTest`: even when the test failed.
 */
export function browserPerFile(afterEachTest?: () => Promise<void>): {
  readonly browser: BrowserForTests;
  readonly closing: Array<() => unknown>;
} {
  let launched: Browser | undefined;
  const closing: Array<() => unknown> = [];
  const live = (): Browser => {
    if (launched === undefined) throw new Error('the browser is launched before the tests run');
    return launched;
  };
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse())
      await Promise.resolve()
        .then(close)
        .catch(() => undefined);
    await afterEachTest?.();
  });
  return {
    browser: { newContext: (o) => live().newContext(o), newPage: (o) => live().newPage(o) },
    closing,
  };
}
