import { readFile } from 'node:fs/promises';
import { type Config, loadConfig } from '../core/config/index.js';

/** The product's configuration from the environment and, when present, `.env` in the working directory. */
export async function loadCliConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  let dotenv: string | undefined;
  try {
    dotenv = await readFile('.env', 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return loadConfig({ env, ...(dotenv === undefined ? {} : { dotenv }) });
}
