import { type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** Most suggestions a completion shows. */
export const SHOWN_SUGGESTIONS = 10;

/**
 * What a completer hands over: the first suggestions of its list, at most one more than are shown, so the
 * answer can tell whether the list goes on without reading all of it.
 */
export function firstSuggestions(all: Iterable<string>): string[] {
  const out: string[] = [];
  for (const value of all) {
    out.push(value);
    if (out.length > SHOWN_SUGGESTIONS) break;
  }
  return out;
}

/** Suggestions for what was typed in one argument: `firstSuggestions` of its list. */
export type Completer = (typed: string) => Promise<readonly string[]> | readonly string[];

/** What a prompt or a template completes, and whether it is offered to this client now. */
interface Completes {
  /** The registered prompt or template (a viewer's server disables the prompts that lead to orders). */
  readonly live: { readonly enabled: boolean };
  readonly args: Readonly<Record<string, Completer>>;
}

/** The answer for a list cut short: there is more, and its total is unknown (not read). */
function answer(values: readonly string[]) {
  const shown = values.slice(0, SHOWN_SUGGESTIONS);
  return values.length > SHOWN_SUGGESTIONS
    ? { completion: { values: shown, hasMore: true } }
    : { completion: { values: shown, total: shown.length, hasMore: false } };
}

/**
 * omsdesk's own completers, by prompt and by resource template, answering `completion/complete` through
 * the SDK's public request handler. Completion answers are true: a list longer than shown says `hasMore`
 * with no total, a shorter one gives its true total (the SDK's own answer counts only what a completer
 * returned, so a list cut short would read as complete).
 */
export class Completions {
  readonly #prompts = new Map<string, Completes>();
  readonly #templates = new Map<string, Completes>();

  /** The completers of a prompt's arguments; `live` is what `registerPrompt` returned. */
  prompt(name: string, live: Completes['live'], args: Completes['args']): void {
    this.#prompts.set(name, { live, args });
  }

  /** The completers of a resource template's variables; `live` is what `registerResource` returned. */
  template(uriTemplate: string, live: Completes['live'], args: Completes['args']): void {
    this.#templates.set(uriTemplate, { live, args });
  }

  /** Declares the completions capability and answers `completion/complete` from these completers. */
  serve(server: McpServer): void {
    server.server.registerCapabilities({ completions: {} });
    server.server.setRequestHandler('completion/complete', async (request) => {
      const { ref, argument } = request.params;
      const [what, key, completes] =
        ref.type === 'ref/prompt'
          ? ['Prompt', ref.name, this.#prompts.get(ref.name)]
          : ['Resource template', ref.uri, this.#templates.get(ref.uri)];
      if (completes === undefined || !completes.live.enabled) {
        const named = key.slice(0, 100);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${what} ${named} has nothing to complete`);
      }
      const completer = Object.hasOwn(completes.args, argument.name)
        ? completes.args[argument.name]
        : undefined;
      return answer(completer === undefined ? [] : await completer(argument.value));
    });
  }
}
