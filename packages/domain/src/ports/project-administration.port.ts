import type { Partner, Project, ProjectDirectory } from './project-directory.port.js';

/**
 * Partners and projects as the operators change them at run time (the admin API, the seed file's
 * import). A put replaces the whole record; every process sees it within the directory's cache time.
 */
export interface ProjectAdministration extends ProjectDirectory {
  listPartners(): Promise<Partner[]>;
  /** Ordered by id; one partner's only when `partnerLogin` is given. */
  listProjects(filter: { readonly partnerLogin?: string }): Promise<Project[]>;
  putPartner(partner: Partner): Promise<void>;
  putProject(project: Project): Promise<void>;
}
