import type { AuditLog, Clock, IdGenerator, Partner, Project, ProjectAdministration } from '@kassa/domain';
import { auditedPartner, auditedProject } from '@kassa/adapters-http';

export interface SeedImport {
  readonly created: readonly string[];
  /** Records the directory already held (or another process wrote first): left as they are (the admin API changes them). */
  readonly kept: readonly string[];
}

/**
 * The seed file's partners and projects into the directory, at start: what is missing is created
 * (and audited as the seed file's change), what exists is left as the operators made it, so a
 * restart never undoes a rotation or an admin change; importing twice is importing once. `replace`
 * (the test environment's generated demo partner, whose password is new at every start) writes
 * every record.
 */
export async function importSeed(
  directory: ProjectAdministration,
  audit: AuditLog,
  seed: { readonly partners: readonly Partner[]; readonly projects: readonly Project[] },
  source: { readonly from: string; readonly clock: Clock; readonly ids: IdGenerator; readonly replace?: boolean },
): Promise<SeedImport> {
  const created: string[] = [];
  const kept: string[] = [];
  const record = (action: string, target: string, changes: Record<string, unknown>) =>
    audit.record({ id: source.ids.newId(), at: source.clock.now().toISOString(), actor: 'seed-file', from: source.from, action, target, changes });
  for (const partner of seed.partners) {
    const target = `partner:${partner.login}`;
    const stored = source.replace ? await directory.readPartner(partner.login) : undefined;
    const written = stored ? await directory.replacePartner(partner, stored.revision) : await directory.createPartner(partner);
    if (!written) {
      kept.push(target);
      continue;
    }
    await record(stored ? 'partner.changed' : 'partner.created', target, auditedPartner(partner));
    created.push(target);
  }
  for (const project of seed.projects) {
    const target = `project:${project.id}`;
    const stored = source.replace ? await directory.readProject(project.id) : undefined;
    const written = stored ? await directory.replaceProject(project, stored.revision) : await directory.createProject(project);
    if (!written) {
      kept.push(target);
      continue;
    }
    await record(stored ? 'project.changed' : 'project.created', target, auditedProject(project));
    created.push(target);
  }
  return { created, kept };
}
