import type { z } from 'zod';
import type { Field } from './fields.js';

/** Which broker a configuration runs against: the embedded paper broker, or a live one. */
export type BrokerMode = 'paper' | 'live';

/** A value settled for another variable, read while deriving a default. */
export type Lookup = (name: string) => unknown;

/** A default that differs between the paper broker and a live one. */
export interface PerMode<T> {
  readonly kind: 'per-mode';
  readonly paper: T;
  readonly live: T;
}

/** A default computed from other settings, with the words the docs show for it. */
export interface Derived<T> {
  readonly kind: 'derived';
  readonly compute: (get: Lookup, mode: BrokerMode) => T;
  readonly shown: string;
}

/** Everything about one environment variable, in one place: validation, default, docs and secrecy. */
export interface VariableDeclaration<N extends string = string, T = unknown> {
  readonly name: N;
  readonly group: 'broker' | 'sim' | 'policy' | 'gate' | 'people' | 'mcp' | 'discord' | 'log';
  /** Turns the text into a typed value, or says what is wrong with it. */
  readonly field: Field<T>;
  /** The value when unset: one value, one per broker mode, or derived; absent: the setting stays unset. */
  readonly default?: NoInfer<T> | PerMode<NoInfer<T>> | Derived<NoInfer<T>>;
  /** How the docs show "unset" when there is no default (or what unset means). */
  readonly unset?: string;
  readonly description: string;
  readonly secret?: boolean;
}

/** A declaration as kept: with `required` saying whether a value is always settled (it has a default). */
export type Declared<N extends string, T, R extends boolean> = VariableDeclaration<N, T> & {
  readonly required: R;
};

/** Declares a variable, keeping its literal name, its value type and whether it always has a value. */
export function variable<const N extends string, T>(
  declaration: VariableDeclaration<N, T> & {
    readonly default: NoInfer<T> | PerMode<NoInfer<T>> | Derived<NoInfer<T>>;
  },
): Declared<N, T, true>;
export function variable<const N extends string, T>(
  declaration: VariableDeclaration<N, T>,
): Declared<N, T, false>;
export function variable<const N extends string, T>(
  declaration: VariableDeclaration<N, T>,
): Declared<N, T, boolean> {
  return { ...declaration, required: declaration.default !== undefined };
}

/** A default per broker mode. */
export function perMode<T>(paper: T, live: T): PerMode<T> {
  return { kind: 'per-mode', paper, live };
}

/** A default derived from other settings. */
export function derived<T>(shown: string, compute: Derived<T>['compute']): Derived<T> {
  return { kind: 'derived', compute, shown };
}

function isTagged(value: unknown): value is PerMode<unknown> | Derived<unknown> {
  return typeof value === 'object' && value !== null && 'kind' in value && !Array.isArray(value);
}

const show = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/** The default as people read it in the docs and `.env.example`. */
export function shownDefault(d: VariableDeclaration): string {
  const value = d.default;
  if (d.unset !== undefined) return d.unset;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (!isTagged(value)) return show(value);
  return value.kind === 'per-mode' ? `${show(value.paper)} (paper), ${show(value.live)} (live)` : value.shown;
}

/** The value a declaration gives when its variable is unset. */
export function defaultValue(d: VariableDeclaration, get: Lookup, mode: BrokerMode): unknown {
  const value = d.default;
  if (!isTagged(value)) return value;
  return value.kind === 'per-mode' ? value[mode] : value.compute(get, mode);
}

/** The value a declaration settles to: its field's type, possibly undefined when it has no default. */
export type SettledValue<D> = D extends {
  readonly field: infer F extends z.ZodType;
  readonly required: infer R;
}
  ? R extends true
    ? Exclude<z.output<F>, undefined>
    : z.output<F>
  : never;
