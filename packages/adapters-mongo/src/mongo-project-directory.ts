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
/** Found partners and projects kept at most: the least recently used go first. */
export const DIRECTORY_CACHE_ENTRIES = 10_000;
/** Misses kept at most, apart: a stranger's random logins never push a real partner out. */
export const DIRECTORY_MISS_ENTRIES = 1_000;

type Found = Partner | Project;

/**
 * Partners and projects in MongoDB, shared by every instance of the app. Every request reads them,
 * so answers are cached: hits for 5 s in up to 10,000 entries, misses for 1 s in up to 1,000 of
 * their own, least recently used out first. Lookups come before authentication (an unknown
 * X-Login is a miss): the bounds keep a stranger's random logins from growing the process, and
 * misses kept apart cannot evict the partners that are really calling.
 */
export class MongoProjectDirectory implements ProjectDirectory {
  private readonly found: LRUCache<string, Found>;
  private readonly missing: LRUCache<string, true>;

  constructor(
    private readonly partners: Collection<PartnerDocument>,
    private readonly projects: Collection<ProjectDocument>,
    now: () => number = performance.now.bind(performance),
    limits: { readonly found: number; readonly missing: number } = { found: DIRECTORY_CACHE_ENTRIES, missing: DIRECTORY_MISS_ENTRIES },
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
      if (!doc) return undefined;
      const { _id, ...rest } = doc;
      return { login: _id, ...rest };
    })) as Partner | undefined;
  }

  async findProject(projectId: number): Promise<Project | undefined> {
    return (await this.cached(`project:${projectId}`, async () => {
      const doc = await storage(() => this.projects.findOne({ _id: projectId }));
      if (!doc) return undefined;
      const { _id, ...rest } = doc;
      return { id: _id, ...rest };
    })) as Project | undefined;
  }

  /** Writes the seed's partners and projects (replacing those with the same login or id). */
  async seed(partners: readonly Partner[], projects: readonly Project[]): Promise<void> {
    for (const { login, ...rest } of partners) await storage(() => this.partners.replaceOne({ _id: login }, rest, { upsert: true }));
    for (const { id, ...rest } of projects) await storage(() => this.projects.replaceOne({ _id: id }, rest, { upsert: true }));
    this.found.clear();
    this.missing.clear();
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
