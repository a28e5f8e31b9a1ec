import type { RequestContext } from '@kassa-payments/domain';
import { XmlFields } from '../invoice-service/xml-fields.js';
import { markupRefusal, parseXmlRequest, type XmlRefusal } from '../invoice-service/xml-request.js';

/** A request as the transport hands it over: the body's bytes exactly as received, or why it could not be read. */
export interface XmlServiceRequest {
  readonly method: string;
  readonly body: Buffer | undefined;
  readonly problem?: 'too_large' | 'unreadable';
  readonly contentType: string | undefined;
  readonly callerIp: string;
  /** The request's context (its id, for the events its command records). */
  readonly context?: RequestContext;
}

export interface XmlServiceAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Which service and operation answered, with its ResultCode or StatusID (for the metrics; bounded labels). */
  readonly outcome?: { readonly service: string; readonly operation: string; readonly result: string };
}

/** Why a request is no document at all: each service answers these in its own XML. */
export type IntakeRefusal = { readonly kind: XmlRefusal['kind'] | 'content_type' | 'method'; readonly message: string; readonly status: number; readonly headers?: Readonly<Record<string, string>> };

/** A body that passed the intake: its bytes (what signatures cover) and its text, not parsed yet. */
export interface XmlDocument {
  readonly bytes: Buffer;
  readonly text: string;
}

type Refused = { readonly ok: false; readonly refusal: IntakeRefusal };
const refuse = (kind: IntakeRefusal['kind'], message: string, status = 400, headers?: Record<string, string>): Refused => ({
  ok: false,
  refusal: { kind, message, status, ...(headers ? { headers } : {}) },
});

const XML_TYPES = /^(text|application)\/xml(\s*;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * The body's text: UTF-8 only (the spec's `charset=utf-8`, also when none is named). The charset
 * is outside the signed bytes, so the same signed document under another charset would read as
 * other text: any other is refused.
 */
function decode(bytes: Buffer, contentType: string): string | undefined {
  const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  return charset === 'utf-8' || charset === 'utf8' ? bytes.toString('utf8') : undefined;
}

/**
 * The cheap checks both XML services make before anything else: POST only, an XML content type
 * in a known charset, a body within the limit, no DOCTYPE or entity declaration. Nothing is parsed:
 * the document's signature is checked on its bytes first (signed-document.ts), and only then is it
 * parsed (`parseXmlDocument`).
 */
export function readXmlDocument(request: XmlServiceRequest): { ok: true; document: XmlDocument } | Refused {
  if (request.method !== 'POST') return refuse('method', 'Only POST is accepted', 405, { allow: 'POST' });
  if (!request.contentType || !XML_TYPES.test(request.contentType)) return refuse('content_type', 'Content-Type must be text/xml or application/xml', 415);
  if (request.problem === 'too_large') return refuse('too_large', 'The document is too large', 413);
  if (request.problem || request.body === undefined) return refuse('malformed', 'The body could not be read');
  const text = decode(request.body, request.contentType);
  if (text === undefined) return refuse('content_type', 'The charset must be utf-8', 415);
  const markup = markupRefusal(text);
  if (markup) return refuse(markup.kind, markup.message);
  return { ok: true, document: { bytes: request.body, text } };
}

/** The full parse of an authenticated document (hostile-XML limits in xml-request.ts): its `Request`, read as fields. */
export function parseXmlDocument(document: XmlDocument): { ok: true; root: XmlFields } | Refused {
  const parsed = parseXmlRequest(document.text);
  if (!parsed.ok) return refuse(parsed.refusal.kind, parsed.refusal.message);
  return { ok: true, root: new XmlFields(parsed.request, '/Request') };
}
