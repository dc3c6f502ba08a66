export { AuditLog, type AuditRecord } from './audit-log.js';
export { canonicalJson, sha256 } from './canonical.js';
export { type Actor, type AuditEntry, GENESIS } from './entry.js';
export { type AuditVerdict, verifyAuditLog, verifyAuditText } from './verify.js';
