import {
  created,
  duplicateKey,
  saved,
  versionConflict,
  type CreateResult,
  type DomainEvent,
  type ListCursor,
  type SaveResult,
  type WebhookEndpoint,
  type WebhookEndpointRepository,
  type WebhookEndpointRoute,
} from '@kassa-payments/domain';
import { type AggregateCollection, olderThan } from './aggregate-collection.js';
import { isDuplicateKey } from './mongo-errors.js';
import { PLAIN_SECRETS, type SecretSealer } from './sealed-secrets.js';

/** How many endpoints `rewriteAll` reads at a time. */
const REWRITE_PAGE = 500;

/** The fields its queries and its unique slot key use. */
const fields = (e: WebhookEndpoint) => ({ projectId: e.projectId, createdAt: e.createdAt, slot: e.slot });

/**
 * Webhook endpoints in MongoDB, one document each, saved by compare-and-set like every aggregate.
 * The unique index (projectId, slot) holds a project to its slots whatever the concurrency; the
 * signing secrets are sealed (AES-256-GCM under KASSA_SECRETS_KEY, bound to the endpoint and field).
 */
export class MongoWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(
    private readonly endpoints: AggregateCollection<WebhookEndpoint>,
    private readonly sealer: SecretSealer = PLAIN_SECRETS,
  ) {}

  /** The endpoint as stored: its secrets sealed. */
  private sealed(e: WebhookEndpoint): WebhookEndpoint {
    const seal = (field: string, value: string) => this.sealer.seal(value, `webhook_endpoint:${e.id}:${field}`);
    return { ...e, secret: seal('secret', e.secret), ...(e.previousSecret ? { previousSecret: { ...e.previousSecret, value: seal('previousSecret', e.previousSecret.value) } } : {}) };
  }

  /** The endpoint as read: its secrets opened. */
  private opened(e: WebhookEndpoint | undefined): WebhookEndpoint | undefined {
    if (!e) return undefined;
    const open = (field: string, value: string) => this.sealer.open(value, `webhook_endpoint:${e.id}:${field}`);
    return { ...e, secret: open('secret', e.secret), ...(e.previousSecret ? { previousSecret: { ...e.previousSecret, value: open('previousSecret', e.previousSecret.value) } } : {}) };
  }

  async create(endpoint: WebhookEndpoint): Promise<CreateResult<'slot'>> {
    try {
      await this.endpoints.insert(this.sealed(endpoint), fields(endpoint), []);
      return created();
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      // The slot's holder (it may be gone already: the caller looks for a free slot again either way).
      const holder = await this.endpoints.findOne({ projectId: endpoint.projectId, slot: endpoint.slot });
      return duplicateKey('slot', holder?.id ?? '');
    }
  }

  async get(projectId: number, endpointId: string): Promise<WebhookEndpoint | undefined> {
    return this.opened(await this.endpoints.get(projectId, endpointId));
  }

  async save(endpoint: WebhookEndpoint, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.endpoints.save(this.sealed(endpoint), fields(endpoint), events)) ? saved() : versionConflict();
  }

  async remove(projectId: number, endpointId: string): Promise<boolean> {
    return (await this.endpoints.deleteMany({ _id: endpointId, projectId })) > 0;
  }

  async list(projectId: number, limit: number, after?: ListCursor): Promise<WebhookEndpoint[]> {
    const found = await this.endpoints.find({ projectId, ...olderThan(after) }, { createdAt: -1, _id: -1 }, limit);
    return found.flatMap((e) => this.opened(e) ?? []);
  }

  async all(projectId: number): Promise<WebhookEndpointRoute[]> {
    const found = await this.endpoints.find({ projectId }, { createdAt: -1, _id: -1 }, 1000);
    // Not opened: the fan-out signs nothing, and a secret sealed under a key gone holds back no event.
    return found.map(({ secret: _secret, previousSecret: _previous, ...route }) => route);
  }

  async rewriteAll(): Promise<{ readonly found: number; readonly rewritten: number }> {
    let found = 0;
    let rewritten = 0;
    // A page at a time by `_id`, across projects: the endpoints of every project, each read once.
    for (let after = ''; ; ) {
      const page = await this.endpoints.find({ _id: { $gt: after } }, { _id: 1 }, REWRITE_PAGE);
      for (const e of page) {
        const opened = this.opened(e) as WebhookEndpoint;
        if ((await this.save({ ...opened, version: e.version + 1 }, [])).ok) rewritten += 1;
      }
      found += page.length;
      const last = page.at(-1);
      if (!last || page.length < REWRITE_PAGE) return { found, rewritten };
      after = last.id;
    }
  }

  /** Removes a project's endpoints (the test environment's reset). */
  eraseProject(projectId: number): Promise<number> {
    return this.endpoints.deleteMany({ projectId });
  }
}
