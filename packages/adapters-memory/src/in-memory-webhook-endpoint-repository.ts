import {
  created,
  duplicateKey,
  webhookEndpointLifecycle,
  type CreateResult,
  type DomainEvent,
  type ListCursor,
  type SaveResult,
  type WebhookEndpoint,
  type WebhookEndpointRepository,
  type WebhookEndpointRoute,
} from '@kassa-payments/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import type { Journal } from './journal.js';
import { comesAfter } from './newest-first-index.js';

const slotKey = (projectId: number, slot: number) => `${projectId}:${slot}`;
const newestFirst = (a: WebhookEndpoint, b: WebhookEndpoint) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/** Webhook endpoints in memory; a slot map stands for MongoDB's unique (projectId, slot) index. */
export class InMemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly documents: InMemoryDocuments<WebhookEndpoint>;
  /** The slots held, to the endpoint holding each (rebuilt from the documents at start). */
  private readonly slots = new Map<string, string>();
  /** Each project's endpoints' ids (at most 16 each): its listing without a walk over every project's. */
  private readonly byProject = new Map<number, Set<string>>();

  /** With a `journal`, the endpoints survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<WebhookEndpoint>(webhookEndpointLifecycle, journal, 'webhook-endpoints');
    for (const e of this.documents.filter(() => true)) this.remember(e);
  }

  private remember(e: WebhookEndpoint): void {
    this.slots.set(slotKey(e.projectId, e.slot), e.id);
    this.byProject.set(e.projectId, (this.byProject.get(e.projectId) ?? new Set()).add(e.id));
  }

  private forget(e: WebhookEndpoint): void {
    this.slots.delete(slotKey(e.projectId, e.slot));
    this.byProject.get(e.projectId)?.delete(e.id);
  }

  async create(endpoint: WebhookEndpoint): Promise<CreateResult<'slot'>> {
    const holder = this.slots.get(slotKey(endpoint.projectId, endpoint.slot));
    if (holder !== undefined) return duplicateKey('slot', holder);
    this.documents.insert(endpoint, []);
    this.remember(endpoint);
    return created();
  }

  async get(projectId: number, endpointId: string) {
    return this.documents.get(projectId, endpointId);
  }

  async save(endpoint: WebhookEndpoint, events: readonly DomainEvent[]): Promise<SaveResult> {
    return this.documents.replace(endpoint, events);
  }

  async remove(projectId: number, endpointId: string): Promise<boolean> {
    const endpoint = this.documents.get(projectId, endpointId);
    if (!endpoint || !this.documents.remove(projectId, endpointId)) return false;
    this.forget(endpoint);
    return true;
  }

  /** The project's endpoints, secrets and all. */
  private mine(projectId: number): WebhookEndpoint[] {
    return [...(this.byProject.get(projectId) ?? [])].flatMap((id) => this.documents.get(projectId, id) ?? []);
  }

  async all(projectId: number): Promise<WebhookEndpointRoute[]> {
    return this.mine(projectId).map(({ secret: _secret, previousSecret: _previous, ...route }) => route);
  }

  async rewriteAll(): Promise<{ readonly found: number; readonly rewritten: number }> {
    const found = this.documents.filter(() => true);
    const rewritten = found.filter((e) => this.documents.replace({ ...e, version: e.version + 1 }, []).ok);
    return { found: found.length, rewritten: rewritten.length };
  }

  async list(projectId: number, limit: number, after?: ListCursor) {
    return this.mine(projectId)
      .filter((e) => comesAfter(e, after))
      .sort(newestFirst)
      .slice(0, limit);
  }

  /** Removes a project's endpoints (the test environment's reset); answers how many. */
  removeProject(projectId: number): number {
    const removed = this.documents.filter((e) => e.projectId === projectId).filter((e) => this.documents.remove(projectId, e.id));
    for (const e of removed) this.forget(e);
    return removed.length;
  }
}
