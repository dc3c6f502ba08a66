import type { Config } from '../../core/config/index.js';
import type { DataDirLockedError } from '../../core/data-dir/lock.js';
import type { Logger } from '../../core/logger.js';
import { bridgeTarget } from './target.js';

/**
 * `omsdesk mcp` on a data dir another process holds: joins it when it serves MCP over HTTP on this
 * machine (one gate, one audit log, one broker session), bridging this stdio client to it until the
 * client goes; otherwise throws why it cannot (the client is told, as the error of its first request).
 */
export async function joinHolder(config: Config, logger: Logger, locked: DataDirLockedError): Promise<void> {
  const target = await bridgeTarget(config, locked);
  logger.info(
    `${target.command} (pid ${target.pid}) holds the data dir: bridging this stdio client to its MCP endpoint ${target.url} (one gate, one audit log; this process starts no broker of its own)`,
  );
  // The SDK's HTTP client transport loads only for a bridge.
  const { relay } = await import('./relay.js');
  await relay({
    url: target.url,
    logger,
    ...(target.authorization === undefined ? {} : { authorization: target.authorization }),
  });
}
