import { checkField, fieldMaxLength, type TextFieldRule } from '@kassa-payments/protocol';
import type { XmlNode } from './xml-request.js';

/** A request element that is missing, repeated or malformed: answered BAD_REQUEST naming it. */
export class XmlFieldError extends Error {}

/**
 * Reads one element's children by name: each expected once at most (a repetition is refused, so a
 * second `<ProjectID>` cannot stand in for the first), text or element as asked.
 */
export class XmlFields {
  constructor(
    private readonly node: Readonly<Record<string, readonly XmlNode[]>>,
    readonly path: string,
  ) {}

  private one(name: string): XmlNode | undefined {
    const found = Object.hasOwn(this.node, name) ? this.node[name] : undefined;
    if (found === undefined) return undefined;
    if (found.length !== 1) throw new XmlFieldError(`${this.path}/${name}: expected once, found ${found.length} times`);
    return found[0];
  }

  /** The element's text; undefined when absent. An element with children is refused. */
  optionalText(name: string, maxLength = 256): string | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new XmlFieldError(`${this.path}/${name}: expected text`);
    if (value.length > maxLength) throw new XmlFieldError(`${this.path}/${name}: longer than ${maxLength} characters`);
    return value;
  }

  text(name: string, maxLength?: number): string {
    const value = this.optionalText(name, maxLength);
    if (value === undefined || value === '') throw new XmlFieldError(`${this.path}/${name}: required`);
    return value;
  }

  /** The element's text when it matches `pattern`; `rule` says what is expected. */
  optionalMatching(name: string, pattern: RegExp, rule: string): string | undefined {
    const value = this.optionalText(name, 1024);
    if (value !== undefined && !pattern.test(value)) throw new XmlFieldError(`${this.path}/${name}: ${rule}`);
    return value;
  }

  matching(name: string, pattern: RegExp, rule: string): string {
    const value = this.optionalMatching(name, pattern, rule);
    if (value === undefined || value === '') throw new XmlFieldError(`${this.path}/${name}: required`);
    return value;
  }

  /**
   * The element's text as the field's rule (@kassa-payments/protocol's FIELD_RULES) takes it, read
   * up to the rule's length (else `maxLength`); undefined when absent, and when empty if
   * `emptyIsAbsent` (an element sent empty for "none"). The rule's complaint names the element.
   */
  optionalField(name: string, rule: TextFieldRule, { maxLength = 1024, emptyIsAbsent = false }: { maxLength?: number; emptyIsAbsent?: boolean } = {}): string | undefined {
    const value = this.optionalText(name, fieldMaxLength(rule) ?? maxLength);
    if (value === undefined || (emptyIsAbsent && value === '')) return undefined;
    const checked = checkField(rule, value);
    if (!checked.ok) throw new XmlFieldError(`${this.path}/${name}: ${checked.message}`);
    return checked.value;
  }

  /** The element's text as the field's rule takes it; absent or empty is `required`. */
  field(name: string, rule: TextFieldRule): string {
    const value = this.optionalField(name, rule, { emptyIsAbsent: true });
    if (value === undefined) throw new XmlFieldError(`${this.path}/${name}: required`);
    return value;
  }

  /** `true` or `false` (xs:boolean's words); undefined when absent. */
  optionalBoolean(name: string): boolean | undefined {
    const value = this.optionalMatching(name, /^(true|false|1|0)$/, 'true or false');
    return value === undefined ? undefined : value === 'true' || value === '1';
  }

  /** A whole number in 0..2^31-1 written in decimal digits. */
  integer(name: string): number {
    const value = this.text(name, 10);
    if (!/^[0-9]{1,10}$/.test(value) || Number(value) > 2 ** 31 - 1) throw new XmlFieldError(`${this.path}/${name}: expected a whole number`);
    return Number(value);
  }

  optionalChild(name: string): XmlFields | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    if (typeof value === 'string') {
      if (value === '') return new XmlFields({}, `${this.path}/${name}`);
      throw new XmlFieldError(`${this.path}/${name}: expected elements, found text`);
    }
    return new XmlFields(value, `${this.path}/${name}`);
  }

  child(name: string): XmlFields {
    const found = this.optionalChild(name);
    if (!found) throw new XmlFieldError(`${this.path}/${name}: required`);
    return found;
  }

  /** Names of the children present (for picking the one operation element). */
  names(): string[] {
    return Object.keys(this.node);
  }
}
