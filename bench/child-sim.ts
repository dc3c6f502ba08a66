import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** A paper broker in its own process (so its CPU is not the measured side's), rate limits off. */
export async function startChildSim(): Promise<{ url: string; stop(): Promise<void> }> {
  const root = resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'sim', '--port', '0', '--rate-limits', 'off'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout from the simulator');
  const [first] = (await once(createInterface({ input: stdout }), 'line')) as [string];
  const url = first.replace('omsdesk sim listening on ', '');
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
