import { describe, expect, it } from 'vitest';
import { parseXmlRequest } from './xml-request.js';

const request = (inner: string) => {
  const parsed = parseXmlRequest(`<?xml version="1.0"?><Request>${inner}</Request>`);
  if (!parsed.ok) throw new Error(parsed.refusal.message);
  return parsed.request;
};

describe('parseXmlRequest', () => {
  it('reads every element as a list, text as strings (never numbers), empty elements as empty text', () => {
    expect(request('<A>007</A><B><C>x</C><C>y</C></B><D/><E></E>')).toEqual({ A: ['007'], B: [{ C: ['x', 'y'] }], D: [''], E: [''] });
  });

  it('keeps CDATA and escaped text as written, ignores comments and processing instructions', () => {
    expect(request('<!-- c --><?pi x?><A><![CDATA[a<b&c]]></A><B>&lt;x&gt;</B>')).toEqual({ A: ['a<b&c'], B: ['&lt;x&gt;'] });
  });

  it('an element with text beside its children does not read as text', () => {
    const a = request('<A>1<B>2</B></A>')['A']?.[0];
    expect(typeof a).toBe('object');
    expect(a).toMatchObject({ B: ['2'] });
  });

  it('elements named __proto__ or constructor are refused (reserved by the parser); other names of Object.prototype are renamed, never touch a prototype', () => {
    for (const name of ['__proto__', 'constructor']) expect(parseXmlRequest(`<Request><${name}><a>1</a></${name}></Request>`)).toMatchObject({ ok: false, refusal: { kind: 'malformed' } });
    expect(request('<toString><a>1</a></toString><hasOwnProperty>x</hasOwnProperty>')).toEqual({ __toString: [{ a: ['1'] }], __hasOwnProperty: ['x'] });
    // Had the parser written into the inherited members, the functions would carry the children now.
    expect((Object.prototype.toString as unknown as Record<string, unknown>)['a']).toBeUndefined();
    expect((Object.prototype.hasOwnProperty as unknown as Record<string, unknown>)['#text']).toBeUndefined();
  });

  it('refuses what is not one Request', () => {
    for (const text of ['<Other/>', '<Request/><Request/>', 'text', '<Request>x</Request>']) expect(parseXmlRequest(text)).toMatchObject({ ok: false });
  });

  it("an unclosed document is refused with the place of the fault only, never the parser's internals", () => {
    for (const text of ['<Request><a>', '<Request><Header><a></Header></Request>', '<Request']) {
      const parsed = parseXmlRequest(text);
      expect(parsed).toMatchObject({ ok: false, refusal: { kind: 'malformed' } });
      const message = parsed.ok ? '' : parsed.refusal.message;
      expect(message).toMatch(/^Not well-formed XML( \(line \d+, column \d+\))?$/);
    }
  });
});
