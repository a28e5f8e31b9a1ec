import type { Partner, Project, ProjectDirectory } from '@kassa/domain';

/** Partners and projects held in memory (from the seed file, or the demo ones). */
export class InMemoryProjectDirectory implements ProjectDirectory {
  private readonly partners: Map<string, Partner>;
  private readonly projects: Map<number, Project>;

  constructor(partners: readonly Partner[], projects: readonly Project[]) {
    this.partners = new Map(partners.map((p) => [p.login, p]));
    this.projects = new Map(projects.map((p) => [p.id, p]));
  }

  async findPartner(login: string) {
    return this.partners.get(login);
  }

  async findProject(projectId: number) {
    return this.projects.get(projectId);
  }
}
