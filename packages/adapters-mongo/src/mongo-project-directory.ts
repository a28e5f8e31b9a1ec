import type { Collection, FindCursor } from 'mongodb';
import type { Partner, Project, RetiringSecret } from '@kassa-payments/domain';
import type { KeyRange, ProjectAdministration, Revised } from '@kassa-payments/operations';
import { LRUCache } from 'lru-cache';
import { isDuplicateKey, storage } from './mongo-errors.js';
import { PLAIN_SECRETS, type SecretSealer } from './sealed-secrets.js';

/** A record's revision: replacements are compare-and-set on it (a record written before revisions is 0). */
type WithRevision = { revision?: number };
export type PartnerDocument = Omit<Partner, 'login'> & { _id: string } & WithRevision;
export type ProjectDocument = Omit<Project, 'id'> & { _id: number } & WithRevision;

/** The filter of a replacement that expects `revision` (0: a record that has none yet). */
/** A find of at most `limit` documents when one is given (a page), else all of them. */
const limited = <T>(cursor: FindCursor<T>, limit: number | undefined): FindCursor<T> => (limit === undefined ? cursor : cursor.limit(limit));

const atRevision = (revision: number) => (revision === 0 ? { revision: { $exists: false } } : { revision });

/** How long a found partner or project is served from memory: a changed password or whitelist applies within it. */
export const DIRECTORY_HIT_MS = 5_000;
/** How long a miss is remembered: shorter than a hit, so a new partner is found soon, and a stranger's guesses leave quickly. */
export const DIRECTORY_MISS_MS = 1_000;
/** Found partners and projects kept at most: the least recently used go first. */
export const DIRECTORY_CACHE_ENTRIES = 10_000;
/** Misses kept at most, apart: a stranger's random logins never push a real partner out. */
export const DIRECTORY_MISS_ENTRIES = 1_000;

type Found = Partner | Project;

/** A secret field's stored form and back, bound to its record and field. */
const sealing = (sealer: SecretSealer, record: string) => ({
  seal: (field: string, value: string) => sealer.seal(value, `${record}:${field}`),
  open: (field: string, value: string) => sealer.open(value, `${record}:${field}`),
  retiring: (field: string, r: RetiringSecret | undefined, how: (field: string, value: string) => string) => (r ? { [field]: { value: how(field, r.value), validUntil: r.validUntil } } : {}),
});

/**
 * Partners and projects in MongoDB, shared by every instance of the app, their secrets sealed
 * (`sealer`: AES-256-GCM under KASSA_SECRETS_KEY). Every request reads them, so answers are cached:
 * hits for 5 s in up to 10,000 entries, misses for 1 s in up to 1,000 of their own, least recently
 * used out first. Lookups come before authentication (an unknown X-Login is a miss): the bounds keep
 * a stranger's random logins from growing the process, and misses kept apart cannot evict the
 * partners that are really calling. The administration's reads bypass the cache, and its writes are
 * compare-and-set on the record's revision; a write clears this process's entry, and the others see
 * it within their cache time (a rotation's overlap covers that).
 */
export class MongoProjectDirectory implements ProjectAdministration {
  private readonly found: LRUCache<string, Found>;
  private readonly missing: LRUCache<string, true>;

  constructor(
    private readonly partners: Collection<PartnerDocument>,
    private readonly projects: Collection<ProjectDocument>,
    now: () => number = performance.now.bind(performance),
    limits: { readonly found: number; readonly missing: number } = { found: DIRECTORY_CACHE_ENTRIES, missing: DIRECTORY_MISS_ENTRIES },
    private readonly sealer: SecretSealer = PLAIN_SECRETS,
  ) {
    // ttlResolution 0: the clock is read at every look-up (a cached reading would outlive a test's moved clock).
    this.found = new LRUCache<string, Found>({ max: limits.found, ttl: DIRECTORY_HIT_MS, ttlResolution: 0, perf: { now } });
    this.missing = new LRUCache<string, true>({ max: limits.missing, ttl: DIRECTORY_MISS_MS, ttlResolution: 0, perf: { now } });
  }

  /** Entries held now, found and missing (never above their limits). */
  get cachedEntries(): { readonly found: number; readonly missing: number } {
    return { found: this.found.size, missing: this.missing.size };
  }

  async findPartner(login: string): Promise<Partner | undefined> {
    return (await this.cached(`partner:${login}`, async () => {
      const doc = await storage(() => this.partners.findOne({ _id: login }));
      return doc ? this.partnerOf(doc) : undefined;
    })) as Partner | undefined;
  }

  async findProject(projectId: number): Promise<Project | undefined> {
    return (await this.cached(`project:${projectId}`, async () => {
      const doc = await storage(() => this.projects.findOne({ _id: projectId }));
      return doc ? this.projectOf(doc) : undefined;
    })) as Project | undefined;
  }

  async listPartners(range: KeyRange<string> = {}): Promise<Revised<Partner>[]> {
    const query = range.after === undefined ? {} : { _id: { $gt: range.after } };
    const docs = await storage(() => limited(this.partners.find(query).sort({ _id: 1 }), range.limit).toArray());
    return docs.map((d) => ({ record: this.partnerOf(d), revision: d.revision ?? 0 }));
  }

  async listProjects(filter: { readonly partnerLogin?: string } & KeyRange<number>): Promise<Revised<Project>[]> {
    const query = { ...(filter.partnerLogin === undefined ? {} : { partnerLogin: filter.partnerLogin }), ...(filter.after === undefined ? {} : { _id: { $gt: filter.after } }) };
    const docs = await storage(() => limited(this.projects.find(query).sort({ _id: 1 }), filter.limit).toArray());
    return docs.map((d) => ({ record: this.projectOf(d), revision: d.revision ?? 0 }));
  }

  async readPartner(login: string): Promise<Revised<Partner> | undefined> {
    const doc = await storage(() => this.partners.findOne({ _id: login }));
    return doc ? { record: this.partnerOf(doc), revision: doc.revision ?? 0 } : undefined;
  }

  async readProject(projectId: number): Promise<Revised<Project> | undefined> {
    const doc = await storage(() => this.projects.findOne({ _id: projectId }));
    return doc ? { record: this.projectOf(doc), revision: doc.revision ?? 0 } : undefined;
  }

  async createPartner(partner: Partner): Promise<boolean> {
    return this.inserted(() => this.partners.insertOne({ _id: partner.login, ...this.partnerFields(partner), revision: 1 }), `partner:${partner.login}`);
  }

  async createProject(project: Project): Promise<boolean> {
    return this.inserted(() => this.projects.insertOne({ _id: project.id, ...this.projectFields(project), revision: 1 }), `project:${project.id}`);
  }

  async replacePartner(partner: Partner, revision: number): Promise<boolean> {
    const result = await storage(() => this.partners.replaceOne({ _id: partner.login, ...atRevision(revision) }, { ...this.partnerFields(partner), revision: revision + 1 }));
    this.forget(`partner:${partner.login}`);
    return result.matchedCount === 1;
  }

  async replaceProject(project: Project, revision: number): Promise<boolean> {
    const result = await storage(() => this.projects.replaceOne({ _id: project.id, ...atRevision(revision) }, { ...this.projectFields(project), revision: revision + 1 }));
    this.forget(`project:${project.id}`);
    return result.matchedCount === 1;
  }

  /** A partner's stored fields, its secrets sealed. */
  private partnerFields(partner: Partner): Omit<PartnerDocument, '_id'> {
    const { login, password, previousPassword, ...rest } = partner;
    const s = sealing(this.sealer, `partner:${login}`);
    return { ...rest, password: s.seal('password', password), ...s.retiring('previousPassword', previousPassword, s.seal) };
  }

  /** A project's stored fields, its secrets sealed. */
  private projectFields(project: Project): Omit<ProjectDocument, '_id'> {
    const { id, webhookSecret, subscriptionSecret, previousWebhookSecret, previousSubscriptionSecret, ...rest } = project;
    const s = sealing(this.sealer, `project:${id}`);
    return {
      ...rest,
      webhookSecret: webhookSecret === null ? null : s.seal('webhookSecret', webhookSecret),
      subscriptionSecret: subscriptionSecret === null ? null : s.seal('subscriptionSecret', subscriptionSecret),
      ...s.retiring('previousWebhookSecret', previousWebhookSecret, s.seal),
      ...s.retiring('previousSubscriptionSecret', previousSubscriptionSecret, s.seal),
    };
  }

  private async inserted(insert: () => Promise<unknown>, key: string): Promise<boolean> {
    try {
      await storage(insert);
      this.forget(key);
      return true;
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
  }

  private partnerOf(doc: PartnerDocument): Partner {
    const { _id, password, previousPassword, revision: _revision, ...rest } = doc;
    const s = sealing(this.sealer, `partner:${_id}`);
    return { login: _id, ...rest, password: s.open('password', password), ...s.retiring('previousPassword', previousPassword, s.open) };
  }

  private projectOf(doc: ProjectDocument): Project {
    const { _id, webhookSecret, subscriptionSecret, previousWebhookSecret, previousSubscriptionSecret, revision: _revision, ...rest } = doc;
    const s = sealing(this.sealer, `project:${_id}`);
    return {
      id: _id,
      ...rest,
      webhookSecret: webhookSecret === null ? null : s.open('webhookSecret', webhookSecret),
      subscriptionSecret: subscriptionSecret === null ? null : s.open('subscriptionSecret', subscriptionSecret),
      ...s.retiring('previousWebhookSecret', previousWebhookSecret, s.open),
      ...s.retiring('previousSubscriptionSecret', previousSubscriptionSecret, s.open),
    };
  }

  private forget(key: string): void {
    this.found.delete(key);
    this.missing.delete(key);
  }

  private async cached(key: string, load: () => Promise<Found | undefined>): Promise<Found | undefined> {
    const hit = this.found.get(key);
    if (hit) return hit;
    if (this.missing.has(key)) return undefined;
    const value = await load();
    if (value) this.found.set(key, value);
    else this.missing.set(key, true);
    return value;
  }
}
