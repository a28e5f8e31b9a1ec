import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hmacHex } from './signature.js';

/**
 * Signatures of Kassa's XML documents: the XML 2.9 requests, the subscription service's requests
 * (version 2) and its notifications. Each covers the whole document: `D` is the document's bytes
 * exactly as sent, with the text of its `Signature` element removed and the tags kept
 * (`<Signature></Signature>`). A signer builds the document with that empty element, signs, and
 * fills the element in (`signXmlDocument`).
 */

const OPEN = Buffer.from('<Signature>', 'latin1');
const CLOSE = Buffer.from('</Signature>', 'latin1');
const LT = 0x3c;

/** A signed document read: the Signature element's text, and the lowercase hex sha256 of D. */
export interface SignedXml {
  readonly signature: string;
  readonly digest: string;
}

const asBytes = (document: Uint8Array | string): Buffer => (typeof document === 'string' ? Buffer.from(document, 'utf8') : Buffer.isBuffer(document) ? document : Buffer.from(document));

/**
 * The first `<Signature>` element's text and the digest of D (the document without that text), or
 * undefined when the document has no `<Signature>…</Signature>` with text only between its tags.
 * Works on the bytes, so nothing is decoded or parsed before the signature is checked.
 */
export function readSignedXml(document: Uint8Array | string): SignedXml | undefined {
  const bytes = asBytes(document);
  const open = bytes.indexOf(OPEN);
  if (open < 0) return undefined;
  const textStart = open + OPEN.length;
  const textEnd = bytes.indexOf(LT, textStart);
  if (textEnd < 0 || textEnd + CLOSE.length > bytes.length || bytes.compare(CLOSE, 0, CLOSE.length, textEnd, textEnd + CLOSE.length) !== 0) return undefined;
  const digest = createHash('sha256').update(bytes.subarray(0, textStart)).update(bytes.subarray(textEnd)).digest('hex');
  return { signature: bytes.toString('latin1', textStart, textEnd), digest };
}

/** Longest element text read from a document's bytes before a parse (logins, times and project ids are short). */
const MAX_ELEMENT_TEXT_BYTES = 512;

/**
 * The first `<name>` element's text, read from the bytes (UTF-8): undefined when the element is
 * absent, holds anything but text, or is longer than 512 bytes. A server reads a request's
 * authentication elements so, before any parse; a merchant reads a notification's.
 */
export function xmlElementText(document: Uint8Array | string, name: string): string | undefined {
  const bytes = asBytes(document);
  const open = bytes.indexOf(`<${name}>`, 0, 'latin1');
  if (open < 0) return undefined;
  const start = open + name.length + 2;
  const end = bytes.indexOf(LT, start);
  if (end < 0 || end - start > MAX_ELEMENT_TEXT_BYTES || bytes.toString('latin1', end, end + name.length + 3) !== `</${name}>`) return undefined;
  return bytes.toString('utf8', start, end);
}

/** Lowercase hex sha256 of a document (one whose Signature element is still empty). */
export const xmlDigest = (document: Uint8Array | string): string => createHash('sha256').update(asBytes(document)).digest('hex');

/** XML 2.9: `hex(hmac_sha256(password, Login + NowUtc + hex(sha256(D))))`, lower case. */
export const xmlRequestSignature = (password: string, login: string, nowUtc: string, digest: string): string => hmacHex(password, login + nowUtc + digest);

/** The subscription service's version 1 (the spec's): `hex(hmac_sha256(secret, SubscriptionProjectID + Now))`. Covers no document. */
export const subscriptionSignatureV1 = (secret: string, projectId: string | number, now: string): string => hmacHex(secret, `${projectId}${now}`);

/** Version 2, and every notification's: `hex(hmac_sha256(secret, SubscriptionProjectID + Now + hex(sha256(D))))`. */
export const subscriptionSignatureV2 = (secret: string, projectId: string | number, now: string, digest: string): string => hmacHex(secret, `${projectId}${now}${digest}`);

/** Which subscription signature a project accepts: `v1` (the spec's; the default) or `v2` (covers the document). The domain's `Project` names the same two. */
export type SubscriptionSignatureVersion = 'v1' | 'v2';

/** The subscription service's signature of `version` for a document whose digest (without its Signature text) is `digest`. */
export const subscriptionSignature = (version: SubscriptionSignatureVersion, secret: string, projectId: string | number, now: string, digest: string): string =>
  version === 'v2' ? subscriptionSignatureV2(secret, projectId, now, digest) : subscriptionSignatureV1(secret, projectId, now);

/**
 * Signs a document built with an empty `<Signature></Signature>`: `sign` gets hex(sha256(D)) and
 * returns the signature, which is put into the element. The document is otherwise unchanged.
 */
export function signXmlDocument(unsigned: string, sign: (digest: string) => string): string {
  const at = unsigned.indexOf('<Signature></Signature>');
  if (at < 0) throw new Error('The document needs an empty <Signature></Signature> element to sign');
  const signature = sign(xmlDigest(unsigned));
  return `${unsigned.slice(0, at + OPEN.length)}${signature}${unsigned.slice(at + OPEN.length)}`;
}

/** An XML 2.9 request signed: `document` has `<Login>`, `<NowUtc>` and an empty `<Signature></Signature>` in its Header/Authentication. */
export const signXmlRequest = (document: string, password: string, login: string, nowUtc: string): string =>
  signXmlDocument(document, (digest) => xmlRequestSignature(password, login, nowUtc, digest));

/** A subscription-service request signed with `version` (`v2` covers the document; `v1` is the spec's formula). */
export const signSubscriptionRequest = (document: string, secret: string, projectId: string | number, now: string, version: SubscriptionSignatureVersion = 'v2'): string =>
  signXmlDocument(document, (digest) => subscriptionSignature(version, secret, projectId, now, digest));

/** Constant-time comparison of a received hex signature (either case) with the expected lowercase one. */
export function xmlSignatureMatches(expected: string, received: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(received) || expected.length !== 64) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}

/**
 * Verifies a SubscriptionStatusNotification's own `Signature` (the merchant's side): version 2 over
 * the notification document exactly as received, with the project's subscription secret. It can
 * never be replayed as a request: a request's document is another D. It does not judge freshness:
 * `Now` is the event's time, the same on every retry of a delivery, so de-duplicate on the event
 * (or check the Standard Webhooks headers, whose timestamp is the attempt's).
 */
export function verifySubscriptionNotification(document: Uint8Array | string, secret: string): boolean {
  const signed = readSignedXml(document);
  const projectId = xmlElementText(document, 'SubscriptionProjectID');
  const now = xmlElementText(document, 'Now');
  if (!signed || projectId === undefined || now === undefined) return false;
  return xmlSignatureMatches(subscriptionSignatureV2(secret, projectId, now, signed.digest), signed.signature);
}

/**
 * For a server: the key an unknown login's (or project's) signature is computed with, random per
 * process, so that an unknown caller costs the same HMACs as a known one and tells nothing by its timing.
 */
export const UNKNOWN_SIGNER_KEY = randomBytes(32).toString('hex');
