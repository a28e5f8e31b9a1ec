import { REFUSAL_CODES } from './result-codes.js';
import { responseXml } from './xml-response.js';
import { schemaFile } from '../shared/schema-file.js';

const schema = schemaFile('InvoiceManagementService.xsd', () => responseXml(REFUSAL_CODES.method, 'Only GET is accepted'));

/** The XSD of every request and response of InvoiceManagementService. */
export const invoiceServiceSchema = (): string => schema.text();

/** GET {base_url}/API/XML/InvoiceManagementService.xsd; any other method is refused in XML. */
export const schemaAnswer = (method: string) => schema.answer(method);
