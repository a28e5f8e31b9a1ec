import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** The app's configuration, from the environment. */
export const configSchema = z.object({
  KASSA_ENV: z.enum(['test', 'production']).default('test'),
  KASSA_HOST: z.string().min(1).default('127.0.0.1'),
  KASSA_API_PORT: port(8080),
  KASSA_PCI_PORT: port(8081),
  KASSA_WIDGET_PORT: port(8082),
  KASSA_SUBS_PORT: port(8083),
  /** Public address of the widget host, for payment-page links; default http://localhost:<widget port>. */
  KASSA_WIDGET_BASE_URL: z.url().optional(),
  /** HMAC key of widget tokens; default a random one per start (links then die with a restart). */
  KASSA_TOKEN_SECRET: z.string().min(32).optional(),
  KASSA_SEED_FILE: z.string().min(1).optional(),
  KASSA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KASSA_TRUST_PROXY: z.stringbool().default(false),
  /** MongoDB storage instead of the embedded in-memory one. */
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URL').optional(),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name').default('kassa'),
});

export type KassaConfig = z.infer<typeof configSchema>;

/** Reads the configuration; a bad value stops the start with a message naming the variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): KassaConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`Configuration: ${issue?.path.join('.')}: ${issue?.message}`);
}
