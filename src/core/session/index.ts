export type { BrokerCredentials } from './credentials.js';
export { totpCode } from './login.js';
export { SessionManager } from './session-manager.js';
export { createMemorySessionStore, type Session, type SessionStore } from './store.js';
