export * from './storage-schema.js';
export type * from './storage-migration.js';
