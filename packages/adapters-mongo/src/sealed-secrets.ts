import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Seals secrets for storage and opens them again; `context` (which record and field) is bound to the seal. */
export interface SecretSealer {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}

const PREFIX = 'kassa-sealed:v1:';
const KEY_BYTES = 32;

/** The id a sealed value names its key by: 8 hex digits of the key's SHA-256 (it tells nothing of the key). */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A key from configuration: the base64 of 32 random bytes (`openssl rand -base64 32`). */
export function secretsKey(text: string, name = 'KASSA_SECRETS_KEY'): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64') !== text.trim()) throw new Error(`${name} must be the base64 of ${KEY_BYTES} random bytes (make one: openssl rand -base64 32)`);
  return key;
}

/** Whether a stored value is sealed (a value stored before sealing was on is not, and is read as it is). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/**
 * AES-256-GCM from Node's crypto: a random 96-bit nonce per seal, the record and field as associated
 * data (a sealed value copied to another record does not open), sealed under the current key and
 * opened under any configured key (the previous ones during a key rotation; docs/operations.md,
 * "Rotating KASSA_SECRETS_KEY"). `kassa-sealed:v1:<key id>:<nonce>:<ciphertext>:<tag>`, base64url parts.
 */
export class AesGcmSealer implements SecretSealer {
  private readonly current: { readonly id: string; readonly key: Buffer };
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    this.current = { id: keyId(current), key: current };
    this.keys = new Map([current, ...previous].map((k) => [keyId(k), k]));
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.current.id}:${nonce.toString('base64url')}:${sealed.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
  }

  open(stored: string, context: string): string {
    if (!isSealed(stored)) return stored;
    const [id, nonce, sealed, tag] = stored.slice(PREFIX.length).split(':');
    const key = id === undefined ? undefined : this.keys.get(id);
    if (!key || nonce === undefined || sealed === undefined || tag === undefined)
      throw new Error(`a stored secret is sealed under key ${id ?? '?'}, which is not configured (KASSA_SECRETS_KEY, KASSA_SECRETS_PREVIOUS_KEYS)`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** No sealing (the test environment without KASSA_SECRETS_KEY): values are stored as they are. */
export const PLAIN_SECRETS: SecretSealer = {
  seal: (plain) => plain,
  open(stored) {
    if (isSealed(stored)) throw new Error('a stored secret is sealed, and KASSA_SECRETS_KEY is not configured');
    return stored;
  },
};
