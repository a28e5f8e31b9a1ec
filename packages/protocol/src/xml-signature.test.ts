import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedXml, signSubscriptionRequest, signXmlRequest, subscriptionSignatureV1, verifySubscriptionNotification, xmlRequestSignature, xmlSignatureMatches } from './xml-signature.js';

const hex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const UNSIGNED =
  '<?xml version="1.0" encoding="utf-8"?><Request><Header><Authentication><Login>shop</Login><NowUtc>2026-11-24T10:00:00Z</NowUtc><Signature></Signature></Authentication></Header>' +
  '<GetInvoiceRequest><ProjectID>101</ProjectID><InvoiceID>7d3c1a52-3e11-4a8e-9d55-1b2c3d4e5f60</InvoiceID></GetInvoiceRequest></Request>';

describe('XML 2.9 request signature', () => {
  it('is hex(hmac(password, Login + NowUtc + hex(sha256(D)))), D the document with an empty Signature: a worked example', () => {
    const signed = signXmlRequest(UNSIGNED, 'secret-password', 'shop', '2026-11-24T10:00:00Z');
    const expected = hex('secret-password', `shop2026-11-24T10:00:00Z${sha256(UNSIGNED)}`);
    expect(signed).toBe(UNSIGNED.replace('<Signature></Signature>', `<Signature>${expected}</Signature>`));
    // Pinned (docs/merchants/xml-api.md quotes them), so that a change of the formula cannot pass unseen: merchants compute it in other languages.
    expect(sha256(UNSIGNED)).toBe('83210a17c4ce4ba828dd4e242bd425e8bdbcb41ff4c6566bc647d4c12d4a355b');
    expect(expected).toBe('7acd5d9e75338ad2a5a7dd4e767e03febcf16c8f90dd4f1e0ecd3fb8cf51b89d');
    const read = readSignedXml(Buffer.from(signed));
    expect(read).toEqual({ signature: expected, digest: sha256(UNSIGNED) });
    expect(xmlSignatureMatches(xmlRequestSignature('secret-password', 'shop', '2026-11-24T10:00:00Z', read?.digest ?? ''), read?.signature ?? '')).toBe(true);
  });

  it('covers the document: the same header on another operation gives another digest', () => {
    const signed = signXmlRequest(UNSIGNED, 'p', 'shop', '2026-11-24T10:00:00Z');
    const moved = signed.replace(/GetInvoice/g, 'CancelInvoice');
    const read = readSignedXml(moved);
    expect(read?.signature).toBe(readSignedXml(signed)?.signature);
    expect(xmlSignatureMatches(xmlRequestSignature('p', 'shop', '2026-11-24T10:00:00Z', read?.digest ?? ''), read?.signature ?? '')).toBe(false);
  });

  it('reads bytes as sent: non-ASCII text and the Signature element only with text between its tags', () => {
    const text = UNSIGNED.replace('<ProjectID>101</ProjectID>', '<ProjectID>101</ProjectID><Description>Заказ №1</Description>');
    expect(readSignedXml(Buffer.from(signXmlRequest(text, 'p', 'shop', 'n')))?.digest).toBe(sha256(text));
    expect(readSignedXml('<Request><Signature><a/></Signature></Request>')).toBeUndefined();
    expect(readSignedXml('<Request><Signature>abc')).toBeUndefined();
    expect(readSignedXml('<Request/>')).toBeUndefined();
    expect(() => signXmlRequest('<Request><Signature/></Request>', 'p', 'l', 'n')).toThrow(/empty <Signature><\/Signature>/);
  });

  it('compares hex in constant time, either case, nothing but 64 hex digits', () => {
    const s = hex('k', 'm');
    expect(xmlSignatureMatches(s, s.toUpperCase())).toBe(true);
    expect(xmlSignatureMatches(s, `${s} `)).toBe(false);
    expect(xmlSignatureMatches(s, s.slice(0, 63))).toBe(false);
    expect(xmlSignatureMatches(s, 'zz'.repeat(32))).toBe(false);
  });
});

describe('subscription service signatures', () => {
  const unsigned = '<Request><SubscriptionProjectID>9</SubscriptionProjectID><Now>20261124100000</Now><Signature></Signature><SubscriptionID>x</SubscriptionID></Request>';

  it('v1 is the spec formula over SubscriptionProjectID + Now; v2 adds hex(sha256(D))', () => {
    expect(signSubscriptionRequest(unsigned, 'sec', 9, '20261124100000', 'v1')).toContain(`<Signature>${hex('sec', '920261124100000')}</Signature>`);
    expect(subscriptionSignatureV1('sec', 9, '20261124100000')).toBe(hex('sec', '920261124100000'));
    expect(signSubscriptionRequest(unsigned, 'sec', 9, '20261124100000')).toContain(`<Signature>${hex('sec', `920261124100000${sha256(unsigned)}`)}</Signature>`);
  });

  it('a notification verifies with the merchant helper, and not once a byte changed', () => {
    const notification = `<?xml version="1.0" encoding="utf-8"?><SubscriptionStatusNotification><EventType>CHARGE</EventType><SubscriptionProjectID>9</SubscriptionProjectID><Now>20261124100000</Now><Signature></Signature></SubscriptionStatusNotification>`;
    const signed = signSubscriptionRequest(notification, 'sec', 9, '20261124100000', 'v2');
    expect(verifySubscriptionNotification(signed, 'sec')).toBe(true);
    expect(verifySubscriptionNotification(Buffer.from(signed), 'sec')).toBe(true);
    expect(verifySubscriptionNotification(signed.replace('CHARGE', 'CANCELLED'), 'sec')).toBe(false);
    expect(verifySubscriptionNotification(signed, 'other')).toBe(false);
    expect(verifySubscriptionNotification(notification, 'sec')).toBe(false);
  });
});
