import type { Partner, Project, ProjectDirectory } from '@kassa/domain';

/** A record as stored now, and the revision its next replacement must name. */
export interface Revised<T> {
  readonly record: T;
  readonly revision: number;
}

/**
 * Partners and projects as the operators change them at run time (the admin API, the seed file's
 * import). Reads here are fresh (never the directory's cache); writes are compare-and-set on the
 * revision read, so that of two operators' changes neither silently undoes the other (a leaked
 * password replaced on one process and written back from another's stale copy). Every process sees a
 * change within the directory's cache time.
 */
export interface ProjectAdministration extends ProjectDirectory {
  listPartners(): Promise<Revised<Partner>[]>;
  /** Ordered by id; one partner's only when `partnerLogin` is given. */
  listProjects(filter: { readonly partnerLogin?: string }): Promise<Revised<Project>[]>;
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
