import { XMLBuilder, type XmlBuilderOptions } from 'fast-xml-parser';

/**
 * The builder's `jPath` option (fast-xml-builder 1.3) is missing from fast-xml-parser's types. No
 * callback of ours reads the element path, and not building it saves about a third of a build.
 */
export const BUILDER_WITHOUT_PATHS: XmlBuilderOptions & { readonly jPath: false } = { format: false, jPath: false };

// Text is escaped (&, <, >, quotes): a value from a request can never become markup in an answer.
/** The one builder of both XML services' answers (stateless; entities escaped, empty elements dropped). */
export const builder = new XMLBuilder({ ...BUILDER_WITHOUT_PATHS, suppressEmptyNode: true, processEntities: true });

/** What an operation answers: its element's children, as nested records of text. */
export type XmlData = { readonly [name: string]: string | number | boolean | XmlData | readonly XmlData[] | undefined };

/** A `Response` document: ResultCode, ResultMessage, and the operation's element when there is one. */
export function responseXml(resultCode: number, resultMessage: string, operation?: { readonly name: string; readonly data: XmlData }): string {
  const response = { ResultCode: resultCode, ResultMessage: resultMessage, ...(operation ? { [`${operation.name}Response`]: operation.data } : {}) };
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({ Response: response }) as string}`;
}
