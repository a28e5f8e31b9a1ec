import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineWriter } from '../src/line-writer.js';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-lines-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const flush = (w: LineWriter) => new Promise<void>((resolve) => w.flush(() => resolve()));
const line = (i: number) => `{"n":${i},"text":"${'é€x'.repeat(i % 37)}"}\n`;

describe('LineWriter, the log destination', () => {
  it('writes every line, in order, multi-byte characters intact, across many batches', async () => {
    const file = join(tempDir(), 'log.ndjson');
    const w = new LineWriter(file, 4096);
    const lines = Array.from({ length: 10_000 }, (_, i) => line(i));
    for (const l of lines) w.write(l);
    await flush(w);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    await new Promise<void>((resolve) => w.end(resolve));
  });

  it('holds lines below the batch size until flushed, then calls back once they are written', async () => {
    const file = join(tempDir(), 'log.ndjson');
    const w = new LineWriter(file, 1 << 20);
    w.write(line(1));
    w.write(line(2));
    // No write was started: both lines are still held, and nothing reached the file.
    expect(w.pendingLines).toBe(2);
    expect(statSync(file).size).toBe(0);
    await flush(w);
    expect(readFileSync(file, 'utf8')).toBe(line(1) + line(2));
    expect(w.pendingLines).toBe(0);
    // A flush with nothing pending answers at once.
    await flush(w);
  });

  it('waits out a full non-blocking pipe (EAGAIN) and loses nothing', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    const out = join(dir, 'out');
    execFileSync('mkfifo', [fifo]);
    // The reader starts 300 ms late, so the 64 KiB pipe fills and writes meet EAGAIN meanwhile.
    const reader = spawn('sh', ['-c', 'sleep 0.3; cat "$0" > "$1"', fifo, out]);
    const exited = new Promise((resolve) => reader.once('exit', resolve));
    // O_RDWR opens a FIFO without waiting for a reader (Linux); O_NONBLOCK makes a full pipe EAGAIN.
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const w = new LineWriter(fd, 4096);
    const lines = Array.from({ length: 4_000 }, (_, i) => line(i) + 'x'.repeat(200));
    const started = Date.now();
    for (const l of lines) w.write(l);
    await flush(w);
    const waited = Date.now() - started;
    closeSync(fd);
    await exited;
    expect(readFileSync(out, 'utf8')).toBe(lines.join(''));
    expect(waited).toBeGreaterThanOrEqual(250); // it did wait for the reader
  });

  it('writes what is pending when the process exits', async () => {
    const file = join(tempDir(), 'log.ndjson');
    const script = `
      import { LineWriter } from ${JSON.stringify(new URL('../dist/line-writer.js', import.meta.url).href)};
      const w = new LineWriter(${JSON.stringify(file)}, 1 << 20);
      for (let i = 0; i < 500; i++) w.write('line ' + i + '\\n');
      process.exit(0);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 500 }, (_, i) => `line ${i}\n`).join(''));
  });
});
