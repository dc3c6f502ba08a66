import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { CaseContext } from '../harness/types.js';
import type { CannedAnswer, SeenRequest } from './canned-server.js';
import type { ChildQuestion, ChildReply, ChildStats } from './protocol.js';

/** The servers' process as the measuring side sees it. */
export interface Servers {
  readonly simUrl: string;
  readonly cannedUrl: string;
  can(path: string, answer: CannedAnswer): Promise<void>;
  seen(path: string): Promise<SeenRequest | undefined>;
  stats(): Promise<ChildStats>;
  stop(): Promise<void>;
}

type Pending = Map<number, (result: unknown) => void>;

/** Forks the servers' process (profiled into `cpuProfDir` when given) and waits until both listen. */
export async function startServers(cpuProfDir?: string): Promise<Servers> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./servers-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
  });
  const pending: Pending = new Map();
  let next = 1;
  const [first] = (await once(child, 'message')) as [{ ready: { sim: string; canned: string } }];
  child.on('message', (m: ChildReply) => {
    pending.get(m.id)?.(m.result);
    pending.delete(m.id);
  });
  const ask = <T>(request: ChildQuestion): Promise<T> =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve as (result: unknown) => void);
      child.send({ ...request, id });
    });
  return {
    simUrl: first.ready.sim,
    cannedUrl: first.ready.canned,
    can: async (path, answer) => {
      await ask({ type: 'can', path, answer });
    },
    seen: async (path) => (await ask<SeenRequest | null>({ type: 'seen', path })) ?? undefined,
    stats: () => ask<ChildStats>({ type: 'stats' }),
    async stop() {
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}

/** The run's one servers' process, started on first use. */
export function serversOf(ctx: CaseContext): Promise<Servers> {
  return ctx.shared(
    'servers',
    () => startServers(ctx.cpuProfDir),
    (s) => s.stop(),
  );
}
