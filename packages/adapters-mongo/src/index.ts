export { connectMongoStorage, ensureIndexes, type MongoStorage, type MongoStorageOptions } from './mongo-storage.js';
export { MongoContractRepository } from './mongo-contract-repository.js';
export { MongoInvoiceRepository } from './mongo-invoice-repository.js';
export { MongoSubscriptionRepository } from './mongo-subscription-repository.js';
export { MongoEventOutbox } from './mongo-event-outbox.js';
export { MongoProjectDirectory } from './mongo-project-directory.js';
export { KeyLocks } from './key-lock.js';
export { VersionedCollection } from './versioned-collection.js';
export { StorageUnavailableError } from './mongo-errors.js';
