import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface XmlSchemaCheck {
  /** xmllint's complaints about `document` (empty when it validates). */
  problems(document: string): string;
  /** Removes the schema's temporary folder. */
  close(): void;
}

/**
 * Validates documents with `xmllint --schema` (Debian's libxml2-utils, scripts/ensure-xmllint.sh)
 * against the XSD the running service serves, so the service and its schema cannot drift apart.
 */
export async function xmlSchemaCheck(schemaUrl: string): Promise<XmlSchemaCheck> {
  const res = await fetch(schemaUrl);
  if (res.status !== 200) throw new Error(`GET ${schemaUrl} answered ${res.status}`);
  const dir = mkdtempSync(join(tmpdir(), 'kassa-xsd-'));
  const file = join(dir, 'schema.xsd');
  writeFileSync(file, await res.text());
  return {
    problems(document) {
      const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', file, '-'], { input: document, encoding: 'utf8' });
      if (run.error) throw run.error;
      return run.status === 0 ? '' : `${run.stderr.trim()}\n--- the document:\n${document.slice(0, 4000)}`;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
