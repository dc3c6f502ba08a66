import type { OptionType } from '../../core/vocabulary/index.js';
import { hash4 } from './rng.js';

/**
 * NFO contract tokens. A contract's fields pack into 18 bits (underlying slot: 4, expiry week modulo
 * 32: 5, contract: 9, where 0 is the future and 1 + 2 × strike index + (PE ? 1 : 0) an option), and a
 * fixed 4-round Feistel permutation scatters them over 35000..297143 so they look like exchange tokens.
 * The packing is injective while contracts live less than 32 weeks, so tokens are unique on every day,
 * and a pure function of the contract, so each contract keeps its token for its whole life.
 */
const HALF_BITS = 9;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 4;
const TOKEN_BASE = 35_000;
const MAX_STRIKE_INDEX = 254;
const FEISTEL_KEY = 0x0f0e;

function scatter(value: number): number {
  let left = value >>> HALF_BITS;
  let right = value & HALF_MASK;
  for (let round = 0; round < ROUNDS; round++) {
    const next = left ^ (hash4(right, round, FEISTEL_KEY, 0) & HALF_MASK);
    left = right;
    right = next;
  }
  return (left << HALF_BITS) | right;
}

/** The fields that identify an NFO contract for its token. */
export interface ContractIdentity {
  readonly slot: number;
  /** The nominal expiry Tuesday as a day number. */
  readonly expiryDay: number;
  /** Omitted for futures. */
  readonly option?: { readonly strikeIndex: number; readonly type: OptionType };
}

/** The NFO token of a contract (see the scheme above). */
export function contractToken(identity: ContractIdentity): string {
  const { slot, expiryDay, option } = identity;
  if (slot < 0 || slot > 15) throw new RangeError(`underlying slot out of range: ${slot}`);
  if (option && (option.strikeIndex < 0 || option.strikeIndex > MAX_STRIKE_INDEX))
    throw new RangeError(`strike index out of range: ${option.strikeIndex}`);
  const week = Math.floor(expiryDay / 7) & 31;
  const contract = option ? 1 + 2 * option.strikeIndex + (option.type === 'PE' ? 1 : 0) : 0;
  return String(TOKEN_BASE + scatter((slot << 14) | (week << HALF_BITS) | contract));
}
