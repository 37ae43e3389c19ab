export * from './chromium.js';
export * from './ports.js';
export * from './requirements.js';
export * from './server-process.js';
export * from './haproxy.js';
export * from './device-jar.js';
