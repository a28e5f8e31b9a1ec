// Embedding Kassa's domain in your own Node service: the example of docs/embedders/embedding.md, run by the packing test
// from the packed tarballs in an empty project.
//   node embedding.mjs                          in memory (@kassa-payments/domain + @kassa-payments/adapters-memory)
//   node embedding.mjs mongodb://host:27017 db  the same use cases on MongoDB (+ @kassa-payments/adapters-mongo)
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts } from '@kassa-payments/adapters-memory';

const [mongoUrl, database = 'kassa_embedding'] = process.argv.slice(2);

// Every port in memory (the test environment: PIN 1234, no real SMS or bank); then swap what you own.
const ports = inMemoryPorts();
let storage;
if (mongoUrl) {
  const { connectMongoStorage } = await import('@kassa-payments/adapters-mongo');
  storage = await connectMongoStorage({ url: mongoUrl, database });
  const { contracts, invoices, subscriptions, outbox, deliveries, events } = storage;
  Object.assign(ports, { contracts, invoices, subscriptions, outbox, deliveries, events });
}

try {
  const kassa = kassaUseCases(ports);
  const merchantContractId = `c-${Date.now()}`;
  const created = await kassa.createContract.execute({ projectId: 1, merchantContractId, customer: { type: 'mobile_phone', msisdn: '79001234567' } });
  if (!created.ok) throw new Error(`createContract: ${created.error.code}`);
  const authorized = await kassa.authorizeContract.execute({ projectId: 1, contractId: created.value.id, pinCode: '1234' });
  if (!authorized.ok) throw new Error(`authorizeContract: ${authorized.error.code}`);
  const stored = await ports.contracts.get(1, created.value.id);
  console.log(JSON.stringify({ storage: mongoUrl ? 'mongodb' : 'in-memory', created: created.value.state, authorized: authorized.value.state, stored: stored?.state }));
} finally {
  await storage?.close();
}
