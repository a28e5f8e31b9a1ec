import { moneyJson } from '@kassa-payments/http-kit';
import { parseMoney, type Project } from '@kassa-payments/domain';
import { isWebhookSecret, MIN_WEBHOOK_SECRET_BYTES } from '@kassa-payments/protocol';
import { z } from 'zod';

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

const amount = z.string().refine((a) => parseMoney(a, 'RUB').ok, 'must be a decimal string with two fraction digits, like "10.00"');

/** A project's fields, each checked alone (the admin API's, and the seed file's: app's seed schema is made of these). */
export const projectFields = z.strictObject({
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
  // The spec's default for seeds and changes; a project created through the admin API defaults to 5 (admin-schemas.ts).
  minSignatureVersion: z.literal([3, 4, 5]).default(3),
  widgetOrigins: z.array(z.union([z.literal('*'), widgetOrigin])).optional(),
});

/** An unsigned webhook cannot be told from a forged one: a webhook URL needs its secret. */
export const signedWebhooks = <T extends { webhookUrl: string | null; webhookSecret: string | null }>(schema: z.ZodType<T>) =>
  schema.refine((p) => p.webhookUrl === null || p.webhookSecret !== null, { message: 'webhookSecret is required with webhookUrl', path: ['webhookSecret'] });

/** A project as the seed file lists it. */
export const projectSchema = signedWebhooks(projectFields);

/**
 * The least length of a partner password (docs/operators/configuration.md, "Seed file"; docs/decisions.md): the key of every
 * request signature, which a captured request lets anyone test guesses against offline, and the
 * dashboard's sign-in password. `kassa partners create --generate` makes one of 32 characters.
 */
export const MIN_PARTNER_PASSWORD_LENGTH = 12;

/**
 * A login: ASCII letters, digits and `. _ - @ +`, beginning with a letter or digit. It travels in the
 * X-Login header and the XML Login element, and is printed by the CLI, in logs and on pages: no
 * control character (a newline would print as two partners), space or markup character, nothing a
 * header garbles (non-ASCII), nothing a command line reads as an option (a leading `-`).
 */
const login = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$/, 'must be 1 to 128 of the letters a-z and A-Z, digits and . _ - @ +, beginning with a letter or digit (no space, control or markup character)');

/** A partner's own fields, as the seed file and the admin API write them. */
export const partnerFields = {
  login,
  password: z.string().min(MIN_PARTNER_PASSWORD_LENGTH, `must be at least ${MIN_PARTNER_PASSWORD_LENGTH} characters`),
  testCallbackAllowed: z.boolean().default(false),
};

export type ProjectInput = z.infer<typeof projectSchema>;

/** A checked project of `partnerLogin`, as the domain holds it (the secrets a rotation replaced kept apart). */
export function toProject(input: ProjectInput, partnerLogin: string, kept: Pick<Project, 'previousWebhookSecret' | 'previousSubscriptionSecret'> = {}): Project {
  const price = input.defaultPrice && parseMoney(input.defaultPrice.amount, input.defaultPrice.currency);
  const { widgetOrigins, ...rest } = input;
  return { ...rest, ...(widgetOrigins ? { widgetOrigins } : {}), ...kept, partnerLogin, defaultPrice: price?.ok ? price.value : null };
}

/** A project as the seed file and the admin API write it (its fields, without the partner or retiring secrets). */
export function projectInput(project: Project): ProjectInput {
  const { partnerLogin: _partner, previousWebhookSecret: _w, previousSubscriptionSecret: _s, defaultPrice, ipWhitelist, paymentMethods, widgetOrigins, ...rest } = project;
  return {
    ...rest,
    ipWhitelist: [...ipWhitelist],
    paymentMethods: [...paymentMethods],
    ...(widgetOrigins ? { widgetOrigins: [...widgetOrigins] } : {}),
    defaultPrice: defaultPrice ? moneyJson(defaultPrice) : null,
    webhookFormat: project.webhookFormat ?? 'v3',
    subscriptionSignature: project.subscriptionSignature ?? 'v1',
    minSignatureVersion: project.minSignatureVersion ?? 3,
  };
}

/** The first problem of a failed parse, named by its field: `partners.0.projects.1.webhookUrl: …`. */
export function firstIssue(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter((p) => p !== '').join('.');
  return `${path || '(root)'}: ${issue?.message ?? 'invalid'}`;
}

/** `*` lets any site frame the widget: only where no money moves. */
export const framedByAnyInProduction = (project: Pick<ProjectInput, 'widgetOrigins'>, env: 'test' | 'production'): boolean => env === 'production' && (project.widgetOrigins?.includes('*') ?? false);
