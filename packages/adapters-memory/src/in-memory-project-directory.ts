import type { Partner, Project } from '@kassa-payments/domain';
import type { KeyRange, ProjectAdministration, Revised } from '@kassa-payments/operations';
import { JournaledMap, type Journal } from './journal.js';
import { integer, isObject, shape } from './restored-checks.js';

/** A partner or project kept under its own login or id, with its revision. */
const revisedUnder = (idField: 'login' | 'id') =>
  shape({ record: isObject, revision: integer }, (r, key) => {
    const id = (r['record'] as Record<string, unknown>)[idField];
    return String(id) === key && (idField === 'login' ? typeof id === 'string' : Number.isSafeInteger(id)) ? undefined : `record.${idField} ${JSON.stringify(id)} is not the entry's key`;
  });

const byKey = <K extends string | number>(a: K, b: K) => (a < b ? -1 : a > b ? 1 : 0);

/** The records of `sorted` (in key order) after `range.after`, at most `range.limit` of them. */
function pageOfKeys<T, K extends string | number>(sorted: readonly T[], keyOf: (record: T) => K, range: KeyRange<K>): T[] {
  const { after, limit } = range;
  const rest = after === undefined ? sorted : sorted.filter((r) => byKey(keyOf(r), after) > 0);
  return limit === undefined ? [...rest] : rest.slice(0, limit);
}

/** Partners and projects held in memory (from the seed file, the demo ones, or the admin API). */
export class InMemoryProjectDirectory implements ProjectAdministration {
  private readonly partners: JournaledMap<string, Revised<Partner>>;
  private readonly projects: JournaledMap<number, Revised<Project>>;

  /** With a `journal`, partners and projects (their secrets too: the data folder is the operator's own) survive a restart. */
  constructor(partners: readonly Partner[] = [], projects: readonly Project[] = [], journal?: Journal) {
    this.partners = new JournaledMap(journal, 'partners', revisedUnder('login'));
    this.projects = new JournaledMap(journal, 'projects', revisedUnder('id'), Number);
    for (const p of partners) this.partners.set(p.login, { record: p, revision: 1 });
    for (const p of projects) this.projects.set(p.id, { record: p, revision: 1 });
  }

  async findPartner(login: string) {
    return this.partners.get(login)?.record;
  }

  async findProject(projectId: number) {
    return this.projects.get(projectId)?.record;
  }

  async listPartners(range: KeyRange<string> = {}) {
    const sorted = [...this.partners.values()].sort((a, b) => byKey(a.record.login, b.record.login));
    return pageOfKeys(sorted, (p) => p.record.login, range);
  }

  async listProjects(filter: { readonly partnerLogin?: string } & KeyRange<number>) {
    const sorted = [...this.projects.values()].filter((p) => filter.partnerLogin === undefined || p.record.partnerLogin === filter.partnerLogin).sort((a, b) => a.record.id - b.record.id);
    return pageOfKeys(sorted, (p) => p.record.id, filter);
  }

  async readPartner(login: string) {
    return this.partners.get(login);
  }

  async readProject(projectId: number) {
    return this.projects.get(projectId);
  }

  async createPartner(partner: Partner) {
    if (this.partners.has(partner.login)) return false;
    this.partners.set(partner.login, { record: partner, revision: 1 });
    return true;
  }

  async createProject(project: Project) {
    if (this.projects.has(project.id)) return false;
    this.projects.set(project.id, { record: project, revision: 1 });
    return true;
  }

  async replacePartner(partner: Partner, revision: number) {
    if (this.partners.get(partner.login)?.revision !== revision) return false;
    this.partners.set(partner.login, { record: partner, revision: revision + 1 });
    return true;
  }

  async replaceProject(project: Project, revision: number) {
    if (this.projects.get(project.id)?.revision !== revision) return false;
    this.projects.set(project.id, { record: project, revision: revision + 1 });
    return true;
  }
}
