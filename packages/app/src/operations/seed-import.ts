import type { Clock, IdGenerator, Partner, Project } from '@kassa-payments/domain';
import type { AuditLog, ProjectAdministration } from '@kassa-payments/operations';
import { auditedPartner, auditedProject } from '@kassa-payments/admin-api';

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
  /** One record: created (or, with `replace`, written over), audited as the seed file's change; else kept. */
  const importOne = async <T>(
    target: string,
    record: T,
    store: { read(): Promise<{ readonly revision: number } | undefined>; create(): Promise<boolean>; replace(revision: number): Promise<boolean> },
    audited: (r: T) => Record<string, unknown>,
    kind: 'partner' | 'project',
  ) => {
    const stored = source.replace ? await store.read() : undefined;
    if (!(stored ? await store.replace(stored.revision) : await store.create())) return void kept.push(target);
    const action = `${kind}.${stored ? 'changed' : 'created'}`;
    await audit.record({ id: source.ids.newId(), at: source.clock.now().toISOString(), actor: 'seed-file', from: source.from, action, target, changes: audited(record) });
    created.push(target);
  };
  for (const p of seed.partners) {
    await importOne(
      `partner:${p.login}`,
      p,
      { read: () => directory.readPartner(p.login), create: () => directory.createPartner(p), replace: (r) => directory.replacePartner(p, r) },
      auditedPartner,
      'partner',
    );
  }
  for (const p of seed.projects) {
    await importOne(
      `project:${p.id}`,
      p,
      { read: () => directory.readProject(p.id), create: () => directory.createProject(p), replace: (r) => directory.replaceProject(p, r) },
      auditedProject,
      'project',
    );
  }
  return { created, kept };
}
