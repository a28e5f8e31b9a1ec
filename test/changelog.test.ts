import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * CHANGELOG.md is where a merchant, an operator or an embedder learns what they must change: Keep a
 * Changelog's form (an Unreleased section, then versions, cut by scripts/set-version.mjs), breaking
 * changes first and by reader.
 */
describe('CHANGELOG.md', () => {
  const text = readFileSync('CHANGELOG.md', 'utf8');
  const sections = [...text.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);

  it('is in Keep a Changelog form: Unreleased first, then each release a section of its own, semver and dated, newest first', () => {
    expect(text.startsWith('# Changelog\n')).toBe(true);
    expect(text).toContain('https://keepachangelog.com/en/1.1.0/');
    expect(sections[0]).toBe('Unreleased');
    expect(new Set(sections).size).toBe(sections.length);
    const releases = [...text.matchAll(/^## \[(?!Unreleased)([^\]]+)\](.*)$/gm)].map((m) => ({ version: m[1] as string, rest: m[2] as string }));
    for (const r of releases) {
      expect(r.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
      expect(r.rest).toMatch(/^ - \d{4}-\d{2}-\d{2}$/);
    }
    const dates = releases.map((r) => r.rest);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("names the product's version: its release's section, or Unreleased above it while the next one is made", () => {
    const version = (JSON.parse(readFileSync('packages/app/package.json', 'utf8')) as { version: string }).version;
    expect(sections).toContain(version);
  });

  it("sorts each section's breaking changes by reader, first, and has each merchants' one say what to change", () => {
    const READERS = ["merchants' clients", 'operators', 'embedders'];
    const bodies = [...text.matchAll(/^## \[[^\]]+\].*$/gm)].map((m, i, all) => text.slice(m.index, all[i + 1]?.index));
    for (const body of bodies) {
      // Upgrading first, read before anything else (docs/operators/upgrading.md), then the breaking ones.
      const all = [...body.matchAll(/^### (.+)$/gm)].map((m) => m[1] as string);
      expect(all.indexOf('Upgrading')).toBeLessThanOrEqual(0);
      const headings = all.filter((h) => h !== 'Upgrading');
      const breaking = headings.filter((h) => h.startsWith('Breaking'));
      // Breaking ones first, named by their reader, in the readers' order.
      expect(headings.slice(0, breaking.length)).toEqual(breaking);
      expect(breaking.map((h) => h.replace('Breaking, for ', ''))).toEqual(READERS.filter((r) => breaking.includes(`Breaking, for ${r}`)));
      const start = body.indexOf("### Breaking, for merchants' clients");
      if (start === -1) continue;
      const end = body.indexOf('\n### ', start + 1);
      for (const entry of body
        .slice(start, end === -1 ? undefined : end)
        .split('\n- ')
        .slice(1))
        expect(entry).toContain('*What to change:*');
    }
    // The first release, 0.1.0, has all three.
    const first = bodies.find((b) => b.startsWith('## [0.1.0]')) ?? '';
    for (const reader of READERS) expect(first).toContain(`### Breaking, for ${reader}`);
  });

  it('has an Upgrading part in every section after 0.1.0 (the first release: nothing to upgrade from), Unreleased too once it says anything', () => {
    const bodies = [...text.matchAll(/^## \[([^\]]+)\].*$/gm)].map((m, i, all) => ({ version: m[1] as string, body: text.slice(m.index, all[i + 1]?.index) }));
    const due = bodies.filter((b) => b.version !== '0.1.0' && /^### /m.test(b.body));
    expect(due.filter((b) => !/^### Upgrading$/m.test(b.body)).map((b) => b.version)).toEqual([]);
  });

  it('is what the README links to', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(CHANGELOG.md)');
  });
});
