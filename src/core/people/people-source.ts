import { FileRefusedError, readTextIfPresent } from '../data-dir/files.js';
import type { Logger } from '../logger.js';
import { fileSignature } from './file-signature.js';
import { PEOPLE_FILE_MAX_BYTES, parsePeople } from './people-file.js';
import type { Person } from './person.js';

/** The people as last read: found by id and by Discord user, or why nobody is (the file is invalid or gone). */
export type PeopleState =
  | {
      readonly ok: true;
      readonly list: readonly Person[];
      readonly byId: ReadonlyMap<string, Person>;
      readonly byDiscord: ReadonlyMap<string, Person>;
    }
  | { readonly ok: false; readonly problem: string };

/**
 * The people file's content, or what is wrong with it, in one line per problem. Only a regular file within
 * the cap is read, without waiting on it (a FIFO at its path is refused, not waited for).
 */
export async function readPeople(path: string): Promise<PeopleState> {
  let text: string | undefined;
  try {
    text = await readTextIfPresent(path, PEOPLE_FILE_MAX_BYTES);
  } catch (error) {
    return {
      ok: false,
      problem:
        error instanceof FileRefusedError
          ? `the people file ${error.message}`
          : `the people file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    };
  }
  if (text === undefined) return { ok: false, problem: `the people file ${path} is gone` };
  const parsed = parsePeople(text);
  if (!parsed.ok) {
    const lines = parsed.problems.map((p) => `${p.path}: ${p.message}`);
    return { ok: false, problem: `the people file ${path} is invalid: ${lines.join('; ')}` };
  }
  const byDiscord = new Map<string, Person>();
  for (const person of parsed.people) if (person.discord !== undefined) byDiscord.set(person.discord, person);
  return { ok: true, list: parsed.people, byId: new Map(parsed.people.map((p) => [p.id, p])), byDiscord };
}

/**
 * The people file, read again whenever its signature changes (checked at each look): an edit takes effect
 * on the next request. An edit that makes it invalid, or its removal, fails closed: nobody is recognised
 * (never the people of before) until it is valid again, and the operator's log says why, once per change.
 */
export class PeopleSource {
  readonly path: string;
  readonly #logger: Logger | undefined;
  #signature: string | undefined;
  #state: PeopleState;

  private constructor(path: string, signature: string | undefined, state: PeopleState, logger?: Logger) {
    this.path = path;
    this.#signature = signature;
    this.#state = state;
    this.#logger = logger;
  }

  /** Reads the file; an invalid one is refused (start-up reports every problem). */
  static async open(path: string, logger?: Logger): Promise<PeopleSource> {
    const signature = await fileSignature(path);
    const state = await readPeople(path);
    if (!state.ok) throw new Error(state.problem);
    return new PeopleSource(path, signature, state, logger);
  }

  /** The people as of now: re-read first if the file changed since the last look. */
  async current(): Promise<PeopleState> {
    let signature: string | undefined;
    try {
      signature = await fileSignature(this.path);
    } catch (error) {
      signature = `unreadable ${String(error)}`;
    }
    if (signature === this.#signature) return this.#state;
    // The signature is taken before reading, so a change during the read shows at the next look.
    const state = await readPeople(this.path);
    this.#signature = signature;
    this.#state = state;
    if (state.ok) this.#logger?.info(`people file ${this.path} read again: ${state.list.length} people`);
    else this.#logger?.warn(`${state.problem}. Nobody is recognised until it is fixed.`);
    return state;
  }
}
