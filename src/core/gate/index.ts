export { GATE_ERROR_CODES, GateError, type GateErrorCode, isGateError } from './errors.js';
export type { OrderFeed } from './follow.js';
export { KillSwitch } from './kill-switch.js';
export { type GateBroker, type GateOptions, OrderGate, type TicketListener } from './order-gate.js';
export { ticketTag } from './payload.js';
export { type ResolvedRef, resolveInstrumentRef } from './resolve.js';
export { legSentence, marginSentence } from './summary.js';
export { normalizeTicketId } from './ticket-id.js';
export * from './types.js';
