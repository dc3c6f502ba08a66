import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AnchorOptions } from '../core/audit/index.js';
import { type Config, loadConfig } from '../core/config/index.js';

/**
 * The product's configuration from the environment and, when present, `.env` in the working directory;
 * `people: 'locate'` finds the people file without judging it (see `ConfigSources`).
 */
export async function loadCliConfig(
  env: NodeJS.ProcessEnv = process.env,
  people: 'validate' | 'locate' = 'validate',
): Promise<Config> {
  let dotenv: string | undefined;
  try {
    dotenv = await readFile('.env', 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return loadConfig({ env, ...(dotenv === undefined ? {} : { dotenv }), readFile: readIfPresent, people });
}

/** A file's text, or undefined when there is none (how the configuration finds the people file). */
function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The audit log's anchor: a file beside the log, signed with a key kept apart from it (by default in
 * the user's configuration directory), so whoever can rewrite the data dir cannot also re-sign it.
 */
export function auditAnchor(config: Config): AnchorOptions {
  return {
    path: `${config.audit.path}.anchor`,
    keyPath: config.audit.keyFile ?? join(homedir(), '.config', 'omsdesk', 'audit.key'),
  };
}
