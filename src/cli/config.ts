import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnchorOptions } from '../core/audit/index.js';
import { type Config, loadConfig, parseDotenv } from '../core/config/index.js';
import { readTextIfPresent, readTextIfPresentSync } from '../core/data-dir/files.js';
import type { Logger } from '../core/logger.js';
import { PEOPLE_FILE_MAX_BYTES } from '../core/people/people-file.js';
import { adoptOldDataDir, chooseDataDir, type DataDirChoice, OLD_DEFAULT, userStateDir } from './data-dir.js';
import { configureLogFormat, stderrLogger } from './logger.js';

/** The configuration, and which data dir it uses and why (said at start). */
export interface CliConfig {
  readonly config: Config;
  readonly dataDir: DataDirChoice;
}

/** Variables whose defaults lie inside the data dir, so setting one pins a file to a path. */
const PATHS_IN_DATA_DIR = [
  'OMSDESK_AUDIT_LOG',
  'OMSDESK_KILL_SWITCH_FILE',
  'OMSDESK_SIM_STATE',
  'OMSDESK_PEOPLE_FILE',
] as const;

/**
 * The product's configuration from the environment and, when present, `.env` in the working directory.
 * `adopt` (the command's name) lets a long-running command move an old `./.omsdesk` to the per-user folder;
 * `people: 'locate'` finds the people file without judging it (see `ConfigSources`).
 */
export async function loadCliConfig(
  options: { env?: NodeJS.ProcessEnv; cwd?: string; adopt?: string; people?: 'validate' | 'locate' } = {},
): Promise<CliConfig> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  // A regular file only, never waited on: a FIFO named .env must not hold the start.
  const dotenv = await readTextIfPresent(join(cwd, '.env'));
  const fromFile = dotenv === undefined ? {} : parseDotenv(dotenv).values;
  const setting = (name: string): string | undefined => {
    const value = (env[name] ?? fromFile[name])?.trim();
    return value === '' ? undefined : value;
  };
  let dataDir = chooseDataDir({
    configured: setting('OMSDESK_DATA_DIR'),
    cwd,
    stateDir: userStateDir(env),
    pinned: PATHS_IN_DATA_DIR.filter((name) => setting(name) !== undefined),
  });
  const load = (path: string): Config => {
    const config = loadConfig({
      env,
      ...(dotenv === undefined ? {} : { dotenv }),
      defaults: { OMSDESK_DATA_DIR: path },
      readFile: readIfPresent,
      people: options.people ?? 'validate',
    });
    configureLogFormat(config.log.format);
    return config;
  };
  // Checked before anything moves: a configuration that cannot start moves nothing.
  let config = load(dataDir.path);
  if (dataDir.moveFrom !== undefined) {
    if (options.adopt === undefined) {
      // A short command (audit, deploy-commands) reads it where it is; serve, mcp or discord move it.
      dataDir = {
        path: dataDir.moveFrom,
        why: `${OLD_DEFAULT} in the working directory (the default of earlier versions)`,
      };
    } else {
      dataDir = await adoptOldDataDir(dataDir, options.adopt);
    }
    // Read again even at the same path: what the folder held (a people file) is there only now.
    config = load(dataDir.path);
  }
  return { config, dataDir };
}

/**
 * A long-running command's configuration, checked by `check`: its warnings, and which data dir it uses
 * and why, said on stderr by the logger it returns.
 */
export async function loadStartConfig(
  command: string,
  check: (config: Config) => void,
): Promise<{ config: Config; logger: Logger }> {
  const { config, dataDir } = await loadCliConfig({ adopt: command });
  const logger = stderrLogger(config.log.level);
  for (const warning of config.warnings) logger.warn(warning);
  check(config);
  if (dataDir.notice !== undefined) logger.warn(dataDir.notice);
  logger.info(`data dir ${resolve(config.dataDir)} (${dataDir.why})`);
  return { config, logger };
}

/**
 * A file's text, or undefined when there is none (how the configuration finds the people file): a regular
 * file within the people file's cap, never waited on (a FIFO would hold the start, and its signals, forever).
 */
function readIfPresent(path: string): string | undefined {
  try {
    return readTextIfPresentSync(path, PEOPLE_FILE_MAX_BYTES);
  } catch (error) {
    // ENOTDIR: a folder on the way is a file (a data dir that cannot be used, said by its own check).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
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
