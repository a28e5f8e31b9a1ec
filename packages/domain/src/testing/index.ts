// @kassa/domain/testing: what an engineer writing a storage adapter runs against it.
export * from './repository-contract.suite.js';
