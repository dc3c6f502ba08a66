import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readTextIfPresent,
  readTextIfPresentSync,
  writeAtomically,
} from '../../../src/core/data-dir/files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('state files in the data dir', () => {
  it('reads a missing file as undefined and an existing one as its text', async () => {
    expect(await readTextIfPresent(join(dir, 'none.json'))).toBeUndefined();
    await writeFile(join(dir, 'a.json'), '{"a":1}');
    expect(await readTextIfPresent(join(dir, 'a.json'))).toBe('{"a":1}');
  });

  it('still reports a file it cannot read, rather than taking it for absent', async () => {
    await expect(readTextIfPresent(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('writes owner-only, creating the folder, replacing the old content and leaving no temporary file', async () => {
    const path = join(dir, 'nested', 'state.json');
    await writeAtomically(path, 'one');
    await writeAtomically(path, 'two');
    expect(await readTextIfPresent(path)).toBe('two');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('leaves neither a temporary file nor a change behind when the rename fails', async () => {
    const path = join(dir, 'taken');
    await mkdir(join(path, 'inside'), { recursive: true });
    await expect(writeAtomically(path, 'text')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken']);
  });

  it('keeps two writes of the same file at once apart: the file ends as one of them, whole', async () => {
    const path = join(dir, 'state.json');
    const texts = Array.from({ length: 8 }, (_, i) => String(i).repeat(10_000));
    await Promise.all(texts.map((text) => writeAtomically(path, text)));
    expect(texts).toContain(await readTextIfPresent(path));
    expect(await readdir(dir)).toEqual(['state.json']);
  });
  it('refuses, at once and saying why, a FIFO, a device or a file over the cap, and reads a regular one whole', async () => {
    const fifo = join(dir, 'people.json');
    execFileSync('mkfifo', [fifo]);
    // Nobody ever writes to it: waiting for a writer would hang this test (and a thread) forever.
    await expect(readTextIfPresent(fifo)).rejects.toMatchObject({
      code: 'ENOTREG',
      message: `${fifo} is a FIFO (named pipe), not a regular file: omsdesk reads only regular files`,
    });
    expect(() => readTextIfPresentSync(fifo)).toThrow(/is a FIFO \(named pipe\), not a regular file/);
    await expect(readTextIfPresent('/dev/zero')).rejects.toMatchObject({ code: 'ENOTREG' });
    expect(() => readTextIfPresentSync('/dev/zero')).toThrow(/is a device, not a regular file/);

    const big = join(dir, 'big.json');
    await writeFile(big, 'x'.repeat(1025));
    await expect(readTextIfPresent(big, 1024)).rejects.toMatchObject({ code: 'EFBIG' });
    expect(() => readTextIfPresentSync(big, 1024)).toThrow(/is larger than 1024 bytes/);
    const whole = 'é'.repeat(100_000);
    await writeFile(big, whole);
    expect(await readTextIfPresent(big)).toBe(whole);
    expect(readTextIfPresentSync(big)).toBe(whole);
    expect(readTextIfPresentSync(join(dir, 'none'))).toBeUndefined();
  });
});
