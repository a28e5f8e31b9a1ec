import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { firstIssue, framedByAnyInProduction, partnerFields, projectSchema, toProject } from '@kassa-payments/admin-api';
import { z } from 'zod';
import type { Partner, Project } from '@kassa-payments/domain';

/** The seed file: partners and their projects, each as the admin API writes it (see docs/operators/configuration.md, "Seed file"). */
export const seedSchema = z.strictObject({
  partners: z.array(z.strictObject({ ...partnerFields, projects: z.array(projectSchema).default([]) })),
});

/** A new Standard Webhooks secret (the demo project's). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export interface Directory {
  readonly partners: Partner[];
  readonly projects: Project[];
}

export function directoryFromSeed(seed: z.infer<typeof seedSchema>): Directory {
  const partners: Partner[] = [];
  const projects: Project[] = [];
  for (const p of seed.partners) {
    partners.push({ login: p.login, password: p.password, testCallbackAllowed: p.testCallbackAllowed });
    for (const project of p.projects) projects.push(toProject(project, p.login));
  }
  const ids = projects.map((p) => p.id);
  const duplicate = ids.find((id, n) => ids.indexOf(id) !== n);
  if (duplicate !== undefined) throw new Error(`Seed file: partners.projects.id: project ${duplicate} appears twice`);
  return { partners, projects };
}

/** Reads and checks the seed file; a mismatch is refused with a message naming the field. */
export async function loadSeedFile(path: string, env: 'test' | 'production'): Promise<Directory> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`Seed file ${path}: cannot read it as JSON (${(e as Error).message})`);
  }
  const parsed = seedSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Seed file ${path}: ${firstIssue(parsed.error)}`);
  // Any site may frame the widget only where no money moves.
  const framedByAny = parsed.data.partners.flatMap((p) => p.projects).find((p) => framedByAnyInProduction(p, env));
  if (framedByAny) throw new Error(`Seed file ${path}: partners.projects.widgetOrigins: * is allowed only in the test environment (project ${framedByAny.id})`);
  return directoryFromSeed(parsed.data);
}

/** The test environment's demo partner and project (all four payment methods), with a fresh password and secrets. */
export function demoDirectory(): Directory {
  const partner: Partner = { login: 'demo', password: randomBytes(12).toString('base64url'), testCallbackAllowed: true };
  const project: Project = {
    id: 1,
    partnerLogin: 'demo',
    active: true,
    clientIpRequired: true,
    ipWhitelist: [],
    defaultPrice: { minor: 1000, currency: 'RUB' },
    returnUrl: null,
    webhookUrl: null,
    // A secret with no URL: what `kassa listen` signs with and a newcomer's handler verifies with (the start banner shows it).
    webhookSecret: newWebhookSecret(),
    paymentMethods: ['sbp', 'sberpay', 'tpay', 'mirpay'],
    subscriptionSecret: newWebhookSecret(),
    subscriptionNotificationUrl: null,
  };
  return { partners: [partner], projects: [project] };
}
