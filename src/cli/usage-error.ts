/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** An integer flag within bounds, or a usage error naming the flag. */
export function intFlag(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** One of a fixed set of words, or a usage error listing them. */
export function choiceFlag<T extends string>(
  name: string,
  value: string | undefined,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got "${value}"`);
}
