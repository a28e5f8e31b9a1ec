import type { Partner, Project } from '@kassa-payments/domain';
import { projectWithDefaults, type TestApi } from '@kassa-payments/domain/testing';
import type { ProjectAdministration } from '../ports/project-administration.port.js';

let seq = 0;
const partnerOf = (): Partner => {
  seq += 1;
  return { login: `admin-contract-${Date.now() % 100_000}-${seq}`, password: `pw-${seq}`, testCallbackAllowed: false };
};
const projectOf = (partnerLogin: string): Project => projectWithDefaults({ id: 800_000 + ((Date.now() % 100_000) * 10 + (seq % 10)), partnerLogin });

/** The directory administration's rules every adapter obeys: creation once, replacement compare-and-set on the revision. */
export function describeAdministrationContract(name: string, fresh: () => Promise<{ readonly projects: ProjectAdministration }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`project administration: ${name}`, () => {
    it('creates once; replaces only at the revision read; of two replacements of one revision exactly one wins; reads are fresh', async () => {
      const { projects: directory } = await fresh();
      const partner = partnerOf();
      expect(await directory.createPartner(partner)).toBe(true);
      expect(await directory.createPartner({ ...partner, password: 'other' })).toBe(false);
      const read = await directory.readPartner(partner.login);
      expect(read?.record).toEqual(partner);
      const revision = read?.revision ?? -1;
      const [a, b] = await Promise.all([directory.replacePartner({ ...partner, password: 'from-a' }, revision), directory.replacePartner({ ...partner, password: 'from-b' }, revision)]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      const after = await directory.readPartner(partner.login);
      expect(after?.record.password).toBe(a ? 'from-a' : 'from-b');
      expect(after?.revision === revision).toBe(false);
      // A stale revision loses; the current one wins.
      expect(await directory.replacePartner({ ...partner, password: 'stale' }, revision)).toBe(false);
      expect(await directory.replacePartner({ ...partner, password: 'fresh' }, after?.revision ?? -1)).toBe(true);
      expect((await directory.findPartner(partner.login))?.password).toBe('fresh');

      const project = projectOf(partner.login);
      expect(await directory.createProject(project)).toBe(true);
      expect(await directory.createProject(project)).toBe(false);
      const stored = await directory.readProject(project.id);
      expect(stored?.record).toEqual(project);
      expect(await directory.replaceProject({ ...project, active: false }, stored?.revision ?? -1)).toBe(true);
      expect(await directory.replaceProject({ ...project, active: true }, stored?.revision ?? -1)).toBe(false);
      expect((await directory.readProject(project.id))?.record.active).toBe(false);
      expect((await directory.listProjects({ partnerLogin: partner.login })).map((p) => p.record.id)).toEqual([project.id]);
      expect((await directory.listPartners()).some((p) => p.record.login === partner.login)).toBe(true);
      expect(await directory.readPartner('nobody-at-all')).toBeUndefined();
      // A page: in key order, after the key given, at most the limit.
      const before = `${partner.login.slice(0, -1)}`;
      const page = await directory.listPartners({ after: before, limit: 1 });
      expect(page.length).toBe(1);
      expect((page[0]?.record.login ?? '') > before).toBe(true);
      expect((await directory.listPartners({ after: partner.login, limit: 100 })).every((p) => p.record.login > partner.login)).toBe(true);
      expect((await directory.listProjects({ partnerLogin: partner.login, after: project.id - 1, limit: 1 })).map((p) => p.record.id)).toEqual([project.id]);
      expect(await directory.listProjects({ partnerLogin: partner.login, after: project.id })).toEqual([]);
      expect(await directory.replacePartner({ ...partner, login: 'nobody-at-all' }, 1)).toBe(false);
    });
  });
}
