import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AnchorOptions } from '../core/audit/index.js';
import type { Config } from '../core/config/index.js';

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
