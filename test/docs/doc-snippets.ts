import { readFileSync } from 'node:fs';
import type { Code, Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * A code block of the docs, as a newcomer reads it: its file and line, its language, its text, the
 * test's directives (an HTML comment `<!-- docs-test: … -->` right before it, invisible when
 * rendered) and, when it cannot run here, the visible reason on its first line
 * (`# not run by the docs test: …`, `// …` or `<!-- … -->`).
 */
export interface Snippet {
  readonly file: string;
  readonly line: number;
  readonly lang: string;
  readonly code: string;
  readonly directives: readonly string[];
  readonly notRun?: string;
}

const DIRECTIVE = /^<!--\s*docs-test:\s*([\s\S]*?)\s*-->$/;
const NOT_RUN = /^(?:#|\/\/|<!--)\s*not run by the docs test: (.+?)\s*(?:-->)?$/;

/** Every fenced block of a Markdown file, in order (those without a language are pictures, not code). */
export function snippetsOf(file: string, text = readFileSync(file, 'utf8')): Snippet[] {
  const found: Snippet[] = [];
  const visit = (node: Nodes, before: Nodes | undefined): void => {
    if (node.type === 'code') {
      const code = node as Code;
      if (!code.lang) return;
      const directive = before?.type === 'html' ? DIRECTIVE.exec(before.value.trim())?.[1] : undefined;
      const notRun = NOT_RUN.exec(code.value.split('\n')[0] ?? '')?.[1];
      found.push({
        file,
        line: code.position?.start.line ?? 0,
        lang: code.lang,
        code: code.value,
        directives: directive === undefined ? [] : directive.split(';').map((d) => d.trim()),
        ...(notRun === undefined ? {} : { notRun }),
      });
      return;
    }
    if (!('children' in node)) return;
    for (const [n, child] of node.children.entries()) visit(child as Nodes, n > 0 ? (node.children[n - 1] as Nodes) : undefined);
  };
  visit(fromMarkdown(text), undefined);
  return found;
}

/** The value of a directive `name VALUE` (`expect "Ready!"` gives `Ready!`), each time it is given. */
export const directiveValues = (snippet: Snippet, name: string): string[] =>
  snippet.directives.flatMap((d) => {
    const m = new RegExp(`^${name}\\s+(?:"([^"]*)"|(.*))$`).exec(d);
    return m ? [m[1] ?? m[2] ?? ''] : [];
  });

export const hasDirective = (snippet: Snippet, name: string): boolean => snippet.directives.some((d) => d === name || d.startsWith(`${name} `));
