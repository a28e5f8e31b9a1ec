import {
  InMemoryContractRepository,
  InMemoryEventOutbox,
  InMemoryInvoiceRepository,
  InMemorySubscriptionRepository,
  type KassaPorts,
} from '@kassa/domain';
import { connectMongoStorage } from '@kassa/adapters-mongo';

/** The storage ports, whichever adapter provides them. */
export interface Storage extends Pick<KassaPorts, 'contracts' | 'invoices' | 'subscriptions' | 'outbox'> {
  readonly kind: 'in-memory' | 'mongodb';
  close(): Promise<void>;
}

/** Embedded mode: everything in this process, gone with it. */
export function inMemoryStorage(): Storage {
  const contracts = new InMemoryContractRepository();
  const invoices = new InMemoryInvoiceRepository();
  const subscriptions = new InMemorySubscriptionRepository();
  return { kind: 'in-memory', contracts, invoices, subscriptions, outbox: new InMemoryEventOutbox({ contracts, invoices, subscriptions }), close: async () => {} };
}

/** MongoDB storage (MONGO_URL): connects and creates the indexes before the app takes requests. */
export async function mongoStorage(url: string, database: string): Promise<Storage> {
  const mongo = await connectMongoStorage({ url, database });
  return { kind: 'mongodb', contracts: mongo.contracts, invoices: mongo.invoices, subscriptions: mongo.subscriptions, outbox: mongo.outbox, close: () => mongo.close() };
}
