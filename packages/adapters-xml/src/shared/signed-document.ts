import { randomBytes } from 'node:crypto';
import { readSignedXml } from '@kassa/protocol';
import type { XmlFields } from '../invoice-service/xml-fields.js';

/** Longest text of an element read before the parse (logins, times, project ids are short). */
const MAX_RAW_TEXT_BYTES = 128;

/**
 * The first `<name>` element's text, read from the bytes before anything is parsed: the signature
 * is checked first, so that an unauthenticated body never reaches the XML parser. Undefined when
 * the element is absent, holds anything but text, or is longer than 128 bytes. After the parse,
 * `matchesSigned` holds the parsed elements to these values, so the two readings cannot differ.
 */
export function rawElementText(bytes: Buffer, name: string): string | undefined {
  const open = bytes.indexOf(`<${name}>`, 0, 'latin1');
  if (open < 0) return undefined;
  const start = open + name.length + 2;
  const end = bytes.indexOf(0x3c, start);
  if (end < 0 || end - start > MAX_RAW_TEXT_BYTES || bytes.toString('latin1', end, end + name.length + 3) !== `</${name}>`) return undefined;
  return bytes.toString('utf8', start, end);
}

/** The elements a signature is computed from, its text, and the digest of the document without it. */
export interface SignedElements<N extends string> {
  readonly values: Readonly<Record<N, string>>;
  readonly signature: string;
  readonly digest: string;
}

/** `names`' texts and the document's signature, read from the bytes; undefined when any is missing or empty. */
export function readSignedElements<N extends string>(bytes: Buffer, names: readonly N[]): SignedElements<N> | undefined {
  const values = {} as Record<N, string>;
  for (const name of names) {
    const value = rawElementText(bytes, name);
    if (!value) return undefined;
    values[name] = value;
  }
  const signed = readSignedXml(bytes);
  if (!signed?.signature) return undefined;
  return { values, ...signed };
}

/** Whether the parsed `fields` hold exactly the signed values and signature (a comment or CDATA could make the two readings differ). */
export function matchesSigned<N extends string>(fields: XmlFields | undefined, signed: SignedElements<N>): boolean {
  if (!fields) return false;
  const same = (name: string, value: string) => fields.optionalText(name, 1024) === value;
  return (Object.entries(signed.values) as [string, string][]).every(([name, value]) => same(name, value)) && same('Signature', signed.signature);
}

/**
 * The key an unknown login's or project's signature is computed with: the same work as for a known
 * one, so that neither the answer nor its time tells whether the login exists.
 */
export const UNKNOWN_SIGNER_KEY = randomBytes(32).toString('hex');
