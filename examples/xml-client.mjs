// A merchant's XML 2.9 client in plain Node (node:crypto only, no Kassa package): how to sign a
// request so that the signature covers the whole document. Port it to any language.
//
//   node examples/xml-client.mjs <base_url> <login> <password> <projectId> <invoiceId>
//
// Signature = lowercase hex hmac_sha256(password, Login + NowUtc + lowercase hex sha256(D)), where D
// is the document's bytes with an empty <Signature></Signature>; the signature then fills the element.
import { createHash, createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const EMPTY = '<Signature></Signature>';

/** Text for an XML element: markup characters escaped. */
const text = (value) => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Signs `unsigned` (which holds Login, NowUtc and an empty Signature element) and returns the document to send. */
export function signXmlRequest(unsigned, password, login, nowUtc) {
  const digest = createHash('sha256').update(unsigned, 'utf8').digest('hex');
  const signature = createHmac('sha256', password)
    .update(login + nowUtc + digest, 'utf8')
    .digest('hex');
  return unsigned.replace(EMPTY, `<Signature>${signature}</Signature>`);
}

/** A GetInvoice request for `invoiceId`, signed now. */
export function getInvoiceRequest(login, password, projectId, invoiceId, now = new Date()) {
  const nowUtc = `${now.toISOString().slice(0, 19)}Z`;
  const unsigned =
    '<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication>' +
    `<Login>${text(login)}</Login><NowUtc>${nowUtc}</NowUtc>${EMPTY}</Authentication></Header>` +
    `<GetInvoiceRequest><ProjectID>${text(projectId)}</ProjectID><InvoiceID>${text(invoiceId)}</InvoiceID></GetInvoiceRequest></Request>`;
  return signXmlRequest(unsigned, password, login, nowUtc);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, login, password, projectId, invoiceId] = process.argv.slice(2);
  const res = await fetch(`${baseUrl}/API/XML/InvoiceManagementService.ashx`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: getInvoiceRequest(login, password, projectId, invoiceId),
  });
  console.log(res.status, await res.text());
}
