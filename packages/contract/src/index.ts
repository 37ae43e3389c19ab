export * from './constants.js';
export * from './rules.js';
export * from './errors.js';
export * from './envelope.js';
export * from './schemas.js';
export * from './arena.js';
export * from './api.js';
export * from './openapi.js';
