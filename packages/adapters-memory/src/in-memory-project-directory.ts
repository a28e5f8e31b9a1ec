import type { Partner, Project, ProjectAdministration } from '@kassa/domain';

/** Partners and projects held in memory (from the seed file, the demo ones, or the admin API). */
export class InMemoryProjectDirectory implements ProjectAdministration {
  private readonly partners: Map<string, Partner>;
  private readonly projects: Map<number, Project>;

  constructor(partners: readonly Partner[] = [], projects: readonly Project[] = []) {
    this.partners = new Map(partners.map((p) => [p.login, p]));
    this.projects = new Map(projects.map((p) => [p.id, p]));
  }

  async findPartner(login: string) {
    return this.partners.get(login);
  }

  async findProject(projectId: number) {
    return this.projects.get(projectId);
  }

  async listPartners() {
    return [...this.partners.values()].sort((a, b) => (a.login < b.login ? -1 : a.login > b.login ? 1 : 0));
  }

  async listProjects(filter: { readonly partnerLogin?: string }) {
    return [...this.projects.values()].filter((p) => filter.partnerLogin === undefined || p.partnerLogin === filter.partnerLogin).sort((a, b) => a.id - b.id);
  }

  async putPartner(partner: Partner) {
    this.partners.set(partner.login, partner);
  }

  async putProject(project: Project) {
    this.projects.set(project.id, project);
  }
}
