import { accountConfig } from '../../src/sim/accounts.js';
import { createSimulator } from '../../src/sim/create-simulator.js';
import { startCannedServer } from './canned-server.js';
import { BENCH_USERS, type ChildReply, type ChildRequest } from './protocol.js';

/**
 * The servers' process: a paper broker (rate limits off, the benchmark's users added) and a bare
 * `node:http` server of canned answers, side by side, so the measuring process pays for neither.
 */
const sim = await createSimulator({
  rateLimits: false,
  port: 0,
  accounts: Object.values(BENCH_USERS).map((userId) => accountConfig({ userId, cash: 1_000_000_000 })),
});
const canned = await startCannedServer();

const answer = (request: ChildRequest): unknown => {
  switch (request.type) {
    case 'can':
      canned.can(request.path, request.answer);
      return true;
    case 'seen':
      return canned.seen(request.path) ?? null;
    case 'stats': {
      const cpu = process.cpuUsage();
      return { cpuMicros: cpu.user + cpu.system, cannedConnections: canned.connections() };
    }
  }
};

process.on('message', (message: ChildRequest | 'stop') => {
  if (message === 'stop') {
    void Promise.all([sim.close(), canned.close()]).then(() => process.exit(0));
    return;
  }
  const reply: ChildReply = { id: message.id, result: answer(message) };
  process.send?.(reply);
});
process.send?.({ ready: { sim: sim.url, canned: canned.url } });
