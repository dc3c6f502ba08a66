export { type Authentication, type Ending, PeopleDirectory, type RefusalReason } from './directory.js';
export {
  type GrantEnder,
  GrantFiles,
  type GrantInfo,
  grantCredential,
  grantFolder,
  grantShortId,
  grantUsesFile,
  recordKey,
  type StoredRecord,
} from './grants/grant-files.js';
export { type OpenPeopleOptions, openPeopleDirectory } from './open.js';
export { type PeopleParse, type PeopleProblem, parsePeople } from './people-file.js';
export { PeopleSource, type PeopleState, readPeople } from './people-source.js';
export {
  canApprove,
  canHalt,
  canRead,
  canRequest,
  PERSON_ID,
  type Person,
  type PersonCaps,
  personCaps,
  ROLES,
  type Role,
} from './person.js';
export { TOKEN_EVENTS, TokenAuditMirror } from './tokens/audit-mirror.js';
export { tokenFiles } from './tokens/files.js';
export type { TokenActor, TokenChannel } from './tokens/journal.js';
export { DEFAULT_TOKEN_DAYS, OwnTokens } from './tokens/own-tokens.js';
export { bearerToken, TOKEN_PREFIX } from './tokens/token.js';
export {
  type StoredToken,
  TokenError,
  type TokenStatus,
  TokenStore,
  tokenStatus,
} from './tokens/token-store.js';
export { readTokenUses, TokenUseLog } from './tokens/use-log.js';
export { type DecisionPaths, type WhoAmI, whoami, whoamiLines } from './whoami.js';
