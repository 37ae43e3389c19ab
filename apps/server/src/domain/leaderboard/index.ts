export * from './periods.js';
export * from './ranks.js';
export * from './score-board.js';
export * from './standing.js';
