import { join, resolve } from 'node:path';

/** Where the tests run omsdesk from: the CLI bundled once per test run by the global setup. */
export const CLI_BUNDLE = join(resolve(import.meta.dirname, '../..'), '.reports', 'cli', 'omsdesk.js');
