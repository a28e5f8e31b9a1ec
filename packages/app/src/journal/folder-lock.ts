import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK = 'kassa.lock';

/** A folder another running process holds: `for` says what the caller was about to do, the message what to do instead. */
export class FolderInUseError extends Error {
  override readonly name = 'FolderInUseError';
  constructor(
    readonly dir: string,
    readonly holder: number,
    advice: string,
  ) {
    super(`KASSA_DATA_DIR: ${dir} is in use by process ${holder} (${advice})`);
  }
}

/** What to do about a folder in use, by what the caller was about to do with it. */
const ADVICE = {
  start: 'one Kassa a data folder; give this one a folder of its own',
  change: 'the Kassa running on it: stop it (SIGTERM) first, then run this again',
} as const;

/** One process a folder: a second one would append to the same segments and remove the first's files. */
export function lockFolder(dir: string, purpose: keyof typeof ADVICE = 'start'): void {
  const path = join(dir, LOCK);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
    return;
  } catch {
    // Held: by a running process, or left by one that was killed.
  }
  const holder = Number(readFileSync(path, 'utf8'));
  let alive = false;
  try {
    alive = Number.isInteger(holder) && holder > 0 && holder !== process.pid && process.kill(holder, 0);
  } catch {
    alive = false;
  }
  if (alive) throw new FolderInUseError(dir, holder, ADVICE[purpose]);
  writeFileSync(path, String(process.pid), { mode: 0o600 });
}

export function unlockFolder(dir: string): void {
  rmSync(join(dir, LOCK), { force: true });
}
