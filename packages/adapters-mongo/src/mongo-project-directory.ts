import type { Collection } from 'mongodb';
import type { Partner, Project, ProjectDirectory } from '@kassa/domain';
import { LRUCache } from 'lru-cache';
import { storage } from './mongo-errors.js';

type PartnerDocument = Omit<Partner, 'login'> & { _id: string };
type ProjectDocument = Omit<Project, 'id'> & { _id: number };

/** How long a found partner or project is served from memory: a changed password or whitelist applies within it. */
export const DIRECTORY_HIT_MS = 5_000;
/** How long a miss is remembered: shorter than a hit, so a new partner is found soon, and a stranger's guesses leave quickly. */
export const DIRECTORY_MISS_MS = 1_000;
/** Entries kept at most (partners and projects together): the least recently used go first. */
export const DIRECTORY_CACHE_ENTRIES = 10_000;

/** A cached answer; `null` is a miss (the cache library keeps no `undefined`). */
type Entry = { readonly value: Partner | Project | null };

/**
 * Partners and projects in MongoDB, shared by every instance of the app. Every request reads them,
 * so answers are cached: hits for 5 s, misses for 1 s, at most 10,000 entries, least recently used
 * out first. Lookups come before authentication (an unknown X-Login is a miss), so the bound is
 * what keeps a stranger's random logins from growing the process.
 */
export class MongoProjectDirectory implements ProjectDirectory {
  private readonly cache: LRUCache<string, Entry>;

  constructor(
    private readonly partners: Collection<PartnerDocument>,
    private readonly projects: Collection<ProjectDocument>,
    now: () => number = performance.now.bind(performance),
    maxEntries = DIRECTORY_CACHE_ENTRIES,
  ) {
    // ttlResolution 0: the clock is read at every look-up (a cached reading would outlive a test's moved clock).
    this.cache = new LRUCache<string, Entry>({ max: maxEntries, ttl: DIRECTORY_HIT_MS, ttlResolution: 0, perf: { now } });
  }

  /** Entries held now (for tests: never above DIRECTORY_CACHE_ENTRIES). */
  get cachedEntries(): number {
    return this.cache.size;
  }

  async findPartner(login: string): Promise<Partner | undefined> {
    const value = await this.cached(`partner:${login}`, async () => {
      const doc = await storage(() => this.partners.findOne({ _id: login }));
      if (!doc) return null;
      const { _id, ...rest } = doc;
      return { login: _id, ...rest };
    });
    return (value as Partner | null) ?? undefined;
  }

  async findProject(projectId: number): Promise<Project | undefined> {
    const value = await this.cached(`project:${projectId}`, async () => {
      const doc = await storage(() => this.projects.findOne({ _id: projectId }));
      if (!doc) return null;
      const { _id, ...rest } = doc;
      return { id: _id, ...rest };
    });
    return (value as Project | null) ?? undefined;
  }

  /** Writes the seed's partners and projects (replacing those with the same login or id). */
  async seed(partners: readonly Partner[], projects: readonly Project[]): Promise<void> {
    for (const { login, ...rest } of partners) await storage(() => this.partners.replaceOne({ _id: login }, rest, { upsert: true }));
    for (const { id, ...rest } of projects) await storage(() => this.projects.replaceOne({ _id: id }, rest, { upsert: true }));
    this.cache.clear();
  }

  private async cached(key: string, load: () => Promise<Partner | Project | null>): Promise<Partner | Project | null> {
    const hit = this.cache.get(key);
    if (hit) return hit.value;
    const value = await load();
    this.cache.set(key, { value }, value === null ? { ttl: DIRECTORY_MISS_MS } : {});
    return value;
  }
}
