export type { BrokerCredentials } from './credentials.js';
export { SessionManager } from './session-manager.js';
export { createMemorySessionStore, type Session, type SessionStore } from './store.js';
export { totpCode } from './totp.js';
