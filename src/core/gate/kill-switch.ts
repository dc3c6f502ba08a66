import { existsSync } from 'node:fs';
import type { KillSwitchState } from '../checks/index.js';

/**
 * Halts all placement when a runtime flag is set or a file exists (so an operator can stop trading with
 * `touch`, from outside the process). Read at every preview and approval.
 */
export class KillSwitch {
  #flag = false;
  readonly #file: string | undefined;

  constructor(file?: string) {
    this.#file = file;
  }

  set(on: boolean): void {
    this.#flag = on;
  }

  state(): KillSwitchState {
    const fileExists = this.#file !== undefined && existsSync(this.#file);
    return { flag: this.#flag, fileExists, ...(this.#file === undefined ? {} : { filePath: this.#file }) };
  }

  /** True when either the flag or the file halts trading. */
  engaged(): boolean {
    const s = this.state();
    return s.flag || s.fileExists;
  }
}
