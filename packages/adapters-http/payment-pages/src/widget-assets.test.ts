import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The scripts as the widget host serves them: built from src/browser by `tsc -b`.
const built = (name: string) => readFileSync(new URL(`../dist/browser/${name}`, import.meta.url), 'utf8');

describe("the widget's scripts (TypeScript, built by the project)", () => {
  it('embed.js stays under 4 KB gzipped, and both are classic scripts a <script src> may load', () => {
    const embed = built('embed.js');
    expect(gzipSync(embed, { level: 9 }).length).toBeLessThan(4096);
    for (const script of [embed, built('page.js')]) {
      expect(script).not.toMatch(/^\s*(import|export)\b/m);
      expect(script.startsWith('"use strict";')).toBe(true);
    }
    expect(embed).toContain('window.SbpWidget = { mount, open }');
  });
});
