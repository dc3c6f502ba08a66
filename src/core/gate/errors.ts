import type { Violation } from '../checks/index.js';

/** Every way the gate refuses; adapters map each with a `Record<GateErrorCode, …>`. */
export const GATE_ERROR_CODES = [
  'TICKET_NOT_FOUND',
  'TICKET_EXPIRED',
  'TICKET_DECIDED',
  'TICKET_TAMPERED',
  'CHECKS_FAILED',
  'PRICE_DRIFT',
  'INSTRUMENT_NOT_FOUND',
  'INVALID_ORDER',
  'CONFIRMATION_UNAVAILABLE',
  'NOT_ALLOWED',
] as const;
export type GateErrorCode = (typeof GATE_ERROR_CODES)[number];

/** A refusal by the gate: nothing was sent to the broker. */
export class GateError extends Error {
  override readonly name = 'GateError';
  readonly code: GateErrorCode;
  readonly violations: readonly Violation[];
  /** Instruments the input might have meant, for "did you mean". */
  readonly candidates: readonly string[];

  constructor(
    code: GateErrorCode,
    message: string,
    details: { violations?: readonly Violation[]; candidates?: readonly string[] } = {},
  ) {
    super(message);
    this.code = code;
    this.violations = details.violations ?? [];
    this.candidates = details.candidates ?? [];
  }
}

/** Type guard, optionally for one code. */
export function isGateError(error: unknown, code?: GateErrorCode): error is GateError {
  return error instanceof GateError && (code === undefined || error.code === code);
}
