import { existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';
import { emptyWorkingDir } from '../helpers/cli.js';

describe('the test run is hermetic and leaves nothing behind', () => {
  it("no OMSDESK_* or DISCORD_* variable of the developer's shell reaches a test", () => {
    expect(Object.keys(process.env).filter((name) => /^(OMSDESK|DISCORD)_/.test(name))).toEqual([]);
    // It would move omsdesk's default data dir out of the run's home.
    expect(process.env.XDG_STATE_HOME).toBeUndefined();
  });

  it("temporary files and the home folder live in the run's own folder, removed when the run ends", () => {
    expect(basename(tmpdir())).toMatch(/^omsdesk-tests-/);
    expect(dirname(homedir())).toBe(tmpdir());
  });

  it("omsdesk's processes start in a folder of their own, so a .env in the repository changes nothing", () => {
    const cwd = emptyWorkingDir();
    expect(existsSync(join(cwd, '.env'))).toBe(false);
    expect(relative(ROOT, cwd).startsWith('..')).toBe(true);
  });
});
