import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * CHANGELOG.md is where a merchant, an operator or an embedder learns what they must change: Keep a
 * Changelog's form (an Unreleased section, then versions), breaking changes first and by reader.
 */
describe('CHANGELOG.md', () => {
  const text = readFileSync('CHANGELOG.md', 'utf8');
  const sections = [...text.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);

  it('is in Keep a Changelog form: Unreleased first, each release a section of its own', () => {
    expect(text.startsWith('# Changelog\n')).toBe(true);
    expect(text).toContain('https://keepachangelog.com/en/1.1.0/');
    expect(sections[0]).toBe('Unreleased');
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('lists the breaking changes by reader, each saying what to change', () => {
    const start = text.indexOf('## [Unreleased]');
    const next = text.indexOf('\n## [', start + 1);
    const unreleased = text.slice(start, next === -1 ? undefined : next);
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
