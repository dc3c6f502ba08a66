export { type Anchor, type AnchorOptions, anchorMac } from './anchor.js';
export { AuditLog, type AuditOpenOptions, type AuditRecord } from './audit-log.js';
export { canonicalJson, sha256 } from './canonical.js';
export { ChainVerifier } from './chain.js';
export { describeCheckpoint } from './checkpoint.js';
export { type Actor, type AuditEntry, GENESIS } from './entry.js';
export { readAnchorState } from './log-point.js';
export type { AuditFold } from './restart-point.js';
export { type AuditVerdict, checkAuditLog, verifyAuditLog } from './verify.js';
