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

  it('lists the breaking changes by reader, each saying what to change (the newest section that says anything)', () => {
    const bodies = [...text.matchAll(/^## \[[^\]]+\].*$/gm)].map((m, i, all) => text.slice(m.index, all[i + 1]?.index));
    const unreleased = bodies.find((b) => b.split('\n').slice(1).join('\n').trim() !== '') ?? '';
    for (const reader of ["merchants' clients", 'operators', 'embedders']) expect(unreleased).toContain(`### Breaking, for ${reader}`);
    const merchants = unreleased.slice(unreleased.indexOf("### Breaking, for merchants' clients"), unreleased.indexOf('### Breaking, for operators'));
    const entries = merchants.split('\n- ').slice(1);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) expect(entry).toContain('*What to change:*');
  });

  it('is what the README links to', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(CHANGELOG.md)');
  });
});
