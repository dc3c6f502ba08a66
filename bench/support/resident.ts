import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Launch } from './stdio-probe.js';

/** Resident memory of a process in MiB: `/proc/<pid>/status` on Linux, `ps` elsewhere. */
export function residentMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    if (Number.isFinite(kib)) return kib / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/**
 * Spawns `node <args>` and resolves once a line of its stdout matches `ready` (or at once without one),
 * with the child still running; rejects with its stderr when it exits first.
 */
export function spawnUntil(launch: Launch, ready?: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...launch.args], {
    cwd: launch.cwd,
    env: { ...launch.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before it was ready:\n${stderr.slice(-2000)}`)),
    );
    if (!ready) return resolve(child);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (!ready.test(line)) return;
      lines.close();
      child.stdout?.resume();
      resolve(child);
    });
  });
}
