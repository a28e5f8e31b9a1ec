/**
 * Why a value the journal gave back (`key` is its entry's key) is not what the store wrote, or
 * undefined when the store can read it. A store states the shape it relies on, so that a damaged
 * entry is refused at start with its file and line (the journal adds them), not met later as a
 * TypeError in the middle of a request.
 */
export type RestoredCheck = (value: unknown, key: string) => string | undefined;

/** Where a JSON text stops parsing, without V8's message (which quotes the text, and a text may hold a secret). */
export const syntaxErrorAt = (e: unknown): string => {
  const position = /position (\d+)/.exec((e as Error).message)?.[1];
  return position === undefined ? 'not valid JSON' : `not valid JSON at character ${position}`;
};

type Field = (value: unknown) => boolean;

export const text: Field = (v) => typeof v === 'string';
export const integer: Field = (v) => Number.isSafeInteger(v);
export const finite: Field = (v) => typeof v === 'number' && Number.isFinite(v);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const optional =
  (field: Field): Field =>
  (v) =>
    v === undefined || field(v);
export const nullable =
  (field: Field): Field =>
  (v) =>
    v === null || field(v);
export const listOf =
  (field: Field): Field =>
  (v) =>
    Array.isArray(v) && v.every(field);

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : v === undefined ? 'absent' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** A string value (the stores' key maps). */
export const textValue: RestoredCheck = (v) => (typeof v === 'string' ? undefined : `a string expected, found ${kindOf(v)}`);

/**
 * An object whose `fields` are each of their kind (other fields are not looked at); `more` says what
 * the fields alone cannot (an id that must be the entry's key, say).
 */
export function shape(fields: Readonly<Record<string, Field>>, more?: (value: Record<string, unknown>, key: string) => string | undefined): RestoredCheck {
  return (value, key) => {
    if (!isObject(value)) return `an object expected, found ${kindOf(value)}`;
    for (const [name, ok] of Object.entries(fields)) if (!ok(value[name])) return `${name} is ${kindOf(value[name])}`;
    return more?.(value, key);
  };
}

/** An object whose `id` is the entry's key (a record stored under its own id). */
export const ownId = (value: Record<string, unknown>, key: string) => (value['id'] === key ? undefined : `id ${JSON.stringify(value['id'])} is not the entry's key`);

/**
 * Why `json` (a record kept as JSON text) is not an object stored under `key`, or undefined; `more`
 * checks the parsed object further.
 */
export function jsonRecord(json: unknown, key: string, more?: (value: Record<string, unknown>) => string | undefined): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json as string);
  } catch (e) {
    // Not V8's message: it quotes the text, which may hold a secret.
    return `json: ${syntaxErrorAt(e)}`;
  }
  if (!isObject(parsed)) return `json: an object expected, found ${kindOf(parsed)}`;
  return ownId(parsed, key) ?? more?.(parsed);
}
