import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from 'playwright-core';

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
