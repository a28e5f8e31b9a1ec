import { readFileSync } from 'node:fs';
import { REFUSAL_CODES } from './result-codes.js';
import { responseXml } from './xml-response.js';
import type { XmlServiceAnswer } from '../shared/xml-intake.js';

// The same relative place from src/ (tests) and dist/ (the built app).
const SCHEMA_FILE = new URL('../../schema/InvoiceManagementService.xsd', import.meta.url);
let schema: string | undefined;

/** The XSD of every request and response of InvoiceManagementService (read once, when first asked). */
export function invoiceServiceSchema(): string {
  schema ??= readFileSync(SCHEMA_FILE, 'utf8');
  return schema;
}

/** GET {base_url}/API/XML/InvoiceManagementService.xsd; any other method is refused in XML. */
export function schemaAnswer(method: string): XmlServiceAnswer {
  if (method === 'GET' || method === 'HEAD') return { status: 200, body: invoiceServiceSchema(), headers: { 'cache-control': 'public, max-age=3600' } };
  return { status: 405, body: responseXml(REFUSAL_CODES.method, 'Only GET is accepted'), headers: { allow: 'GET, HEAD' } };
}
