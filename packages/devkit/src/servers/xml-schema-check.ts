import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface XmlSchemaCheck {
  /** xmllint's complaints about `document` (empty when it validates). */
  problems(document: string): string;
  /** xmllint's complaints about any of `documents` (empty when all validate): one run per 200, for suites that receive thousands. */
  problemsOfAll(documents: readonly string[]): string;
  /** Removes the schema's temporary folder. */
  close(): void;
}

/** Documents per xmllint run: far below any command line's limit. */
const BATCH = 200;

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
    problemsOfAll(documents) {
      const complaints: string[] = [];
      for (let start = 0; start < documents.length; start += BATCH) {
        const files = documents.slice(start, start + BATCH).map((document, i) => {
          const name = join(dir, `document-${start + i}.xml`);
          writeFileSync(name, document);
          return name;
        });
        const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', file, ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        if (run.error) throw run.error;
        for (const name of files) rmSync(name);
        // xmllint names each file that fails ("<file> fails to validate") and says why above it.
        if (run.status !== 0) complaints.push(run.stderr.trim());
      }
      return complaints.join('\n').slice(0, 8000);
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
