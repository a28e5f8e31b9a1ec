import { readSignedXml, xmlElementText } from '@kassa-payments/protocol';
import type { XmlFields } from '../invoice-service/xml-fields.js';

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
    // Read from the bytes before anything is parsed: an unauthenticated body never reaches the parser.
    const value = xmlElementText(bytes, name);
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
