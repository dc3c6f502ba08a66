export * from './calendar.js';
export * from './enums.js';
export * from './paths.js';
export * from './snowflake.js';
export * from './texts.js';
