import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PYTHON = `${ROOT}.kassa/merchant-venv/bin/python`;
const SCRIPT = `${ROOT}scripts/merchant-tools/check.py`;

/** Whether scripts/ensure-merchant-tools.sh has installed the Python tools (the test command runs it). */
export const merchantToolsInstalled = () => existsSync(PYTHON);

/** Runs one command of scripts/merchant-tools/check.py with `input` on stdin; resolves with its JSON answer. */
export function merchantTool<T>(command: 'verify-webhooks' | 'validate-openapi' | 'generate-client' | 'validate-xml' | 'validate-answers', input: unknown): Promise<T> {
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
