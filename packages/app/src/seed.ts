import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseMoney, type Partner, type Project } from '@kassa/domain';
import { isWebhookSecret, MIN_WEBHOOK_SECRET_BYTES } from '@kassa/protocol';

/** An origin as browsers send it: scheme, host and port only (`https://shop.example`). */
const widgetOrigin = z.string().refine((o) => {
  const url = URL.parse(o);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === o;
}, 'must be an origin such as https://shop.example (scheme, host and port only) or *');

/**
 * A Standard Webhooks secret: `whsec_` and the canonical base64 of at least 24 random bytes. The standard's
 * libraries base64-decode every secret (after the optional prefix), so only such a secret lets
 * them verify Kassa's deliveries as they are.
 */
const webhookSecret = z.string().refine(isWebhookSecret, {
  message: `must be whsec_ followed by the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes (make one: node -e "console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))")`,
});

/** A new Standard Webhooks secret (the demo project's). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const amount = z.string().refine((a) => parseMoney(a, 'RUB').ok, 'must be a decimal string with two fraction digits, like "10.00"');

const projectSchema = z
  .strictObject({
    id: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    active: z.boolean().default(true),
    clientIpRequired: z.boolean().default(true),
    ipWhitelist: z.array(z.union([z.ipv4(), z.ipv6()])).default([]),
    defaultPrice: z
      .strictObject({ amount, currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter code') })
      .nullable()
      .default(null),
    returnUrl: z.url().nullable().default(null),
    webhookUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    webhookSecret: webhookSecret.nullable().default(null),
    paymentMethods: z.array(z.string().min(1)).default(['sbp']),
    subscriptionSecret: webhookSecret.nullable().default(null),
    subscriptionNotificationUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    webhookFormat: z.enum(['v3', 'legacy']).default('v3'),
    subscriptionSignature: z.enum(['v1', 'v2']).default('v1'),
    minSignatureVersion: z.union([z.literal(3), z.literal(4)]).default(3),
    widgetOrigins: z.array(z.union([z.literal('*'), widgetOrigin])).optional(),
  })
  // An unsigned webhook cannot be told from a forged one: a webhook URL needs its secret.
  .refine((p) => p.webhookUrl === null || p.webhookSecret !== null, { message: 'webhookSecret is required with webhookUrl', path: ['webhookSecret'] });

/** The seed file: partners and their projects (see README, "Seed file"). */
export const seedSchema = z.strictObject({
  partners: z.array(
    z.strictObject({
      login: z.string().min(1).max(128),
      password: z.string().min(1),
      testCallbackAllowed: z.boolean().default(false),
      projects: z.array(projectSchema).default([]),
    }),
  ),
});

export interface Directory {
  readonly partners: Partner[];
  readonly projects: Project[];
}

export function directoryFromSeed(seed: z.infer<typeof seedSchema>): Directory {
  const partners: Partner[] = [];
  const projects: Project[] = [];
  for (const p of seed.partners) {
    partners.push({ login: p.login, password: p.password, testCallbackAllowed: p.testCallbackAllowed });
    for (const project of p.projects) {
      const price = project.defaultPrice && parseMoney(project.defaultPrice.amount, project.defaultPrice.currency);
      projects.push({ ...project, partnerLogin: p.login, defaultPrice: price?.ok ? price.value : null });
    }
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
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Seed file ${path}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  // Any site may frame the widget only where no money moves.
  const framedByAny = parsed.data.partners.flatMap((p) => p.projects).find((p) => p.widgetOrigins?.includes('*'));
  if (env === 'production' && framedByAny) throw new Error(`Seed file ${path}: partners.projects.widgetOrigins: * is allowed only in the test environment (project ${framedByAny.id})`);
  return directoryFromSeed(parsed.data);
}

/** The test environment's demo partner and project (all four payment methods), with a fresh password. */
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
    webhookSecret: null,
    paymentMethods: ['sbp', 'sberpay', 'tpay', 'mirpay'],
    subscriptionSecret: newWebhookSecret(),
    subscriptionNotificationUrl: null,
  };
  return { partners: [partner], projects: [project] };
}
