import { readFileSync } from 'node:fs';
import type { XmlServiceAnswer } from './xml-intake.js';

/**
 * A service's XSD as its host serves it: the file under adapters-xml/schema/ (the same relative
 * place from src/ in tests and dist/ in the built app), read once when first asked; GET and HEAD
 * get it, any other method the service's own refusal (`refused`, its XML) with `Allow`.
 */
export function schemaFile(name: string, refused: () => string): { readonly text: () => string; readonly answer: (method: string) => XmlServiceAnswer } {
  const file = new URL(`../../schema/${name}`, import.meta.url);
  let schema: string | undefined;
  const text = () => {
    schema ??= readFileSync(file, 'utf8');
    return schema;
  };
  const answer = (method: string): XmlServiceAnswer =>
    method === 'GET' || method === 'HEAD' ? { status: 200, body: text(), headers: { 'cache-control': 'public, max-age=3600' } } : { status: 405, body: refused(), headers: { allow: 'GET, HEAD' } };
  return { text, answer };
}
