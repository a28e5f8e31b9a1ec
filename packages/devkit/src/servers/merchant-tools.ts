import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PYTHON = `${ROOT}.kassa/merchant-venv/bin/python`;
const SCRIPT = `${ROOT}scripts/merchant-tools/check.py`;

/** Whether scripts/ensure-merchant-tools.sh has installed the Python tools (the test command runs it). */
export const merchantToolsInstalled = () => existsSync(PYTHON);

/** One request and its answer as a client saw them: what check.py's validate-openapi and generate-client read. */
export interface Exchange {
  readonly host: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly status: number;
  /** The answer's media type, without its parameters. */
  readonly content_type: string;
  readonly response_headers: Record<string, string>;
  readonly response_body: string;
  /** The document's operationId (generate-client imports its module by it). */
  readonly operation: string;
  /** A request made wrong on purpose: its answer is checked, not the request. */
  bad?: true;
}

/** The exchange of a request (`url`, `method`, its headers and body text) and its `response`, whose text is `text`. */
export function exchangeOf(request: { url: URL; method: string; headers: Record<string, string>; body: string }, response: Response, text: string, operation: string): Exchange {
  return {
    host: request.url.origin,
    method: request.method,
    path: request.url.pathname,
    query: Object.fromEntries(request.url.searchParams),
    headers: request.headers,
    body: request.body,
    status: response.status,
    content_type: (response.headers.get('content-type') ?? '').split(';')[0] ?? '',
    response_headers: Object.fromEntries(response.headers.entries()),
    response_body: text,
    operation,
  };
}

/** Runs one command of scripts/merchant-tools/check.py with `input` on stdin; resolves with its JSON answer. */
export function merchantTool<T>(command: 'verify-webhooks' | 'validate-openapi' | 'generate-client' | 'validate-xml', input: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [SCRIPT, command], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`check.py ${command} exited ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`check.py ${command} printed no JSON: ${out.slice(0, 500)} ${err.slice(-1000)}`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}
