import { XmlFields } from '../invoice-service/xml-fields.js';
import { parseXmlRequest, type XmlRefusal } from '../invoice-service/xml-request.js';

/** A request as the transport hands it over: the body's text, or why it could not be read. */
export interface XmlServiceRequest {
  readonly method: string;
  readonly body: string | undefined;
  readonly problem?: 'too_large' | 'unreadable';
  readonly contentType: string | undefined;
  readonly callerIp: string;
}

export interface XmlServiceAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Why a request is no document at all: each service answers these in its own XML. */
export type IntakeRefusal = { readonly kind: XmlRefusal['kind'] | 'content_type' | 'method'; readonly message: string; readonly status: number; readonly headers?: Readonly<Record<string, string>> };

const XML_TYPES = /^(text|application)\/xml(\s*;|$)/i;

/**
 * The intake both XML services share: POST only, an XML content type, a body within the limit,
 * then the hostile-XML checks and the parse of one `Request` (xml-request.ts), read as fields.
 */
export function readXmlRequest(request: XmlServiceRequest): { ok: true; root: XmlFields } | { ok: false; refusal: IntakeRefusal } {
  const refuse = (kind: IntakeRefusal['kind'], message: string, status = 400, headers?: Record<string, string>) => ({
    ok: false as const,
    refusal: { kind, message, status, ...(headers ? { headers } : {}) },
  });
  if (request.method !== 'POST') return refuse('method', 'Only POST is accepted', 405, { allow: 'POST' });
  if (!request.contentType || !XML_TYPES.test(request.contentType)) return refuse('content_type', 'Content-Type must be text/xml or application/xml', 415);
  if (request.problem === 'too_large') return refuse('too_large', 'The document is too large', 413);
  if (request.problem || request.body === undefined) return refuse('malformed', 'The body could not be read');
  const parsed = parseXmlRequest(request.body);
  if (!parsed.ok) return refuse(parsed.refusal.kind, parsed.refusal.message);
  return { ok: true, root: new XmlFields(parsed.request, '/Request') };
}
