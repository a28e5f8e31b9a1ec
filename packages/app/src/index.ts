export { startKassa, type RunningKassa, type HostName } from './server.js';
export { readConfig, configSchema, type KassaConfig } from './config.js';
export { loadSeedFile, seedSchema, demoDirectory, type Directory } from './seed.js';
export { buildContainer } from './container.js';
export { TOKENS } from './tokens.js';
export { createLogger, REDACTED_PATHS } from './logger.js';
