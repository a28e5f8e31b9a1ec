import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Largest request document accepted, in bytes. */
export const MAX_XML_BYTES = 64 * 1024;
/** Deepest element nesting accepted (the deepest request is about 5). */
export const MAX_XML_DEPTH = 16;

/** Why a document is not an operation at all (answered with HTTP 400 and an XML body). */
export type XmlRefusal = { readonly kind: 'too_large' | 'doctype' | 'malformed' | 'too_deep' | 'not_a_request'; readonly message: string };

/**
 * An element's content: its text, or its children by name, each a list (every element is read as
 * possibly repeated, so that a repetition is seen and refused where one is expected).
 */
export type XmlNode = string | { readonly [name: string]: readonly XmlNode[] };

const parser = new XMLParser({
  ignoreAttributes: true,
  // No entity is ever expanded (and a DOCTYPE never reaches the parser): values stay as written.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  cdataPropName: false,
  maxNestedTags: MAX_XML_DEPTH,
  strictReservedNames: true,
  // The ordered form skips the parser's own object building (about a third of a parse; turned into
  // XmlNode below), and no callback reads the element path (building it costs a quarter more).
  preserveOrder: true,
  jPath: false,
});

/** The parser's ordered form: per element, one entry `{name: children}`; text as `{'#text': value}`. */
type Ordered = readonly Readonly<Record<string, unknown>>[];
const TEXT = '#text';

/** An element's ordered children as an XmlNode: its text when it has no child element, else its children by name. */
function toNode(children: Ordered): XmlNode {
  let text = '';
  let elements: Record<string, XmlNode[]> | undefined;
  for (const entry of children) {
    for (const name of Object.keys(entry)) {
      const value = entry[name];
      if (name === TEXT) text += String(value);
      else {
        elements ??= Object.create(null) as Record<string, XmlNode[]>;
        const same = elements[name];
        if (same) same.push(toNode(value as Ordered));
        else elements[name] = [toNode(value as Ordered)];
      }
    }
  }
  // Text beside elements keeps the element from reading as text (XmlFields refuses it where text is expected).
  if (elements && text) elements[TEXT] = [text];
  return elements ?? text;
}

// `<!DOCTYPE`, `<!ENTITY` and friends, in any case, anywhere (even after a comment): refused unread.
const MARKUP_DECLARATION = /<!\s*(doctype|entity|element|attlist|notation)/i;

/** The checks that need no parse (size, any DOCTYPE or entity declaration): made before anything else, even authentication. */
export function markupRefusal(text: string): XmlRefusal | undefined {
  if (Buffer.byteLength(text, 'utf8') > MAX_XML_BYTES) return { kind: 'too_large', message: `The document exceeds ${MAX_XML_BYTES} bytes` };
  if (MARKUP_DECLARATION.test(text)) return { kind: 'doctype', message: 'A DOCTYPE or entity declaration is not accepted' };
  return undefined;
}

/** Depth of the deepest element, counted from the tags (cheap, before the parser builds anything). */
function depth(text: string): number {
  let level = 0;
  let deepest = 0;
  for (const m of text.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) level -= 1;
    else if (!m[2]) deepest = Math.max(deepest, ++level);
  }
  return deepest;
}

/** The document's root element `Request`, or why the document is refused (the `markupRefusal` checks too, as a guard of its own). */
export function parseXmlRequest(text: string): { ok: true; request: Readonly<Record<string, readonly XmlNode[]>> } | { ok: false; refusal: XmlRefusal } {
  const markup = markupRefusal(text);
  if (markup) return { ok: false, refusal: markup };
  if (depth(text) > MAX_XML_DEPTH) return { ok: false, refusal: { kind: 'too_deep', message: `Elements nest deeper than ${MAX_XML_DEPTH} levels` } };
  const valid = XMLValidator.validate(text);
  // The parser's own words name its internals (`Invalid '["Request","a"]' found`): the client gets the place only.
  if (valid !== true) return { ok: false, refusal: { kind: 'malformed', message: `Not well-formed XML (line ${valid.err.line}, column ${valid.err.col})` } };
  let doc: XmlNode;
  try {
    doc = toNode(parser.parse(text) as Ordered);
  } catch {
    return { ok: false, refusal: { kind: 'malformed', message: 'Not well-formed XML' } };
  }
  const roots = typeof doc === 'string' ? [] : Object.keys(doc);
  const request = typeof doc === 'string' ? undefined : doc['Request'];
  if (roots.length !== 1 || request?.length !== 1 || typeof request[0] !== 'object') {
    return { ok: false, refusal: { kind: 'not_a_request', message: 'The root element must be one Request' } };
  }
  return { ok: true, request: request[0] };
}
