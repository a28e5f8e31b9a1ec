import type { Collection } from 'mongodb';
import type { Partner, Project, ProjectDirectory } from '@kassa/domain';
import { storage } from './mongo-errors.js';

type PartnerDocument = Omit<Partner, 'login'> & { _id: string };
type ProjectDocument = Omit<Project, 'id'> & { _id: number };

const CACHE_MS = 5_000;

/**
 * Partners and projects in MongoDB, shared by every instance of the app. Every request reads them,
 * so answers are cached for five seconds: a changed password or whitelist applies within that.
 */
export class MongoProjectDirectory implements ProjectDirectory {
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly partners: Collection<PartnerDocument>,
    private readonly projects: Collection<ProjectDocument>,
    private readonly now: () => number = Date.now,
  ) {}

  findPartner(login: string): Promise<Partner | undefined> {
    return this.cached(`partner:${login}`, async () => {
      const doc = await storage(() => this.partners.findOne({ _id: login }));
      if (!doc) return undefined;
      const { _id, ...rest } = doc;
      return { login: _id, ...rest };
    });
  }

  findProject(projectId: number): Promise<Project | undefined> {
    return this.cached(`project:${projectId}`, async () => {
      const doc = await storage(() => this.projects.findOne({ _id: projectId }));
      if (!doc) return undefined;
      const { _id, ...rest } = doc;
      return { id: _id, ...rest };
    });
  }

  /** Writes the seed's partners and projects (replacing those with the same login or id). */
  async seed(partners: readonly Partner[], projects: readonly Project[]): Promise<void> {
    for (const { login, ...rest } of partners) await storage(() => this.partners.replaceOne({ _id: login }, rest, { upsert: true }));
    for (const { id, ...rest } of projects) await storage(() => this.projects.replaceOne({ _id: id }, rest, { upsert: true }));
    this.cache.clear();
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value as T;
    const value = await load();
    this.cache.set(key, { at: this.now(), value });
    return value;
  }
}
