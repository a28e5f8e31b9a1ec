import type { Partner, Project, ProjectDirectory } from '@kassa-payments/domain';

/** A record as stored now, and the revision its next replacement must name. */
export interface Revised<T> {
  readonly record: T;
  readonly revision: number;
}

/**
 * A page of records listed in their key's order: those whose key comes after `after` (exclusive),
 * at most `limit`. Keys are never reused, so a page read after others were added neither repeats nor
 * skips one already there.
 */
export interface KeyRange<K> {
  readonly after?: K;
  readonly limit?: number;
}

/**
 * Partners and projects as the operators change them at run time (the admin API, the seed file's
 * import). Reads here are fresh (never the directory's cache); writes are compare-and-set on the
 * revision read, so that of two operators' changes neither silently undoes the other (a leaked
 * password replaced on one process and written back from another's stale copy). Every process sees a
 * change within the directory's cache time.
 */
export interface ProjectAdministration extends ProjectDirectory {
  /** Ordered by login; only those after `range.after` and at most `range.limit` when given (a page). */
  listPartners(range?: KeyRange<string>): Promise<Revised<Partner>[]>;
  /** Ordered by id; one partner's only when `partnerLogin` is given; a page as `listPartners`'. */
  listProjects(filter: { readonly partnerLogin?: string } & KeyRange<number>): Promise<Revised<Project>[]>;
  readPartner(login: string): Promise<Revised<Partner> | undefined>;
  readProject(projectId: number): Promise<Revised<Project> | undefined>;
  /** False when the login is taken. */
  createPartner(partner: Partner): Promise<boolean>;
  /** False when the id is taken. */
  createProject(project: Project): Promise<boolean>;
  /** False when the partner changed since `revision` was read (or is gone). */
  replacePartner(partner: Partner, revision: number): Promise<boolean>;
  replaceProject(project: Project, revision: number): Promise<boolean>;
}
