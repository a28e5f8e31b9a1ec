import type { KassaPorts } from '@kassa/domain';
import {
  InMemoryContractRepository,
  InMemoryEventOutbox,
  InMemoryInvoiceRepository,
  InMemoryProjectDirectory,
  InMemorySubscriptionRepository,
  InMemoryEventLog,
  InMemoryWebhookDeliveryRepository,
  InMemoryRetention,
} from '@kassa/adapters-memory';
import type { Directory } from './seed.js';

/** The storage ports, whichever adapter provides them. */
export interface Storage extends Pick<KassaPorts, 'contracts' | 'invoices' | 'subscriptions' | 'outbox' | 'projects' | 'deliveries' | 'events' | 'retention'> {
  readonly kind: 'in-memory' | 'mongodb';
  close(): Promise<void>;
}

/** Embedded mode: everything in this process, gone with it. */
export function inMemoryStorage(directory: Directory): Storage {
  const contracts = new InMemoryContractRepository();
  const invoices = new InMemoryInvoiceRepository();
  const subscriptions = new InMemorySubscriptionRepository();
  const outbox = new InMemoryEventOutbox({ contracts, invoices, subscriptions });
  const projects = new InMemoryProjectDirectory(directory.partners, directory.projects);
  const deliveries = new InMemoryWebhookDeliveryRepository();
  const events = new InMemoryEventLog();
  const retention = new InMemoryRetention({ contracts, invoices, subscriptions, deliveries, events });
  return { kind: 'in-memory', contracts, invoices, subscriptions, outbox, projects, deliveries, events, retention, close: async () => {} };
}

/**
 * MongoDB storage (MONGO_URL): connects, creates the indexes, and writes the seed's partners and
 * projects, before the app takes requests. Every instance then reads the directory from MongoDB.
 */
export async function mongoStorage(url: string, database: string, directory: Directory): Promise<Storage> {
  // Loaded only when asked for: the driver enlarges the heap of an embedded Kassa, and every full
  // garbage collection walks it (docs/decisions.md).
  const { connectMongoStorage } = await import('@kassa/adapters-mongo');
  const mongo = await connectMongoStorage({ url, database });
  await mongo.projects.seed(directory.partners, directory.projects);
  const { contracts, invoices, subscriptions, outbox, projects, deliveries, events, retention } = mongo;
  return { kind: 'mongodb', contracts, invoices, subscriptions, outbox, projects, deliveries, events, retention, close: () => mongo.close() };
}
