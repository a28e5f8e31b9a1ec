import { closeSync, openSync, write, writeSync } from 'node:fs';

/** Bytes gathered before a write starts (the logger's timer flushes a quiet service every second). */
const DEFAULT_MIN_BYTES = 4 * 1024;
/** How long to wait before trying again when a non-blocking pipe is full. */
const EAGAIN_RETRY_MS = 10;

const writers = new Set<LineWriter>();
let exitHookInstalled = false;

/** At exit, whatever is still pending goes out synchronously. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const writer of writers) writer.flushSync();
  });
}

const isEagain = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'EAGAIN';

/**
 * The log destination: pino hands it one line at a time; lines are kept in an array and written
 * together, one asynchronous write in flight at a time, once `minBytes` have gathered or when
 * flushed. Partial writes and EAGAIN (stdout as a full non-blocking pipe) are retried; nothing
 * pending is lost at exit.
 *
 * Why not pino.destination (sonic-boom): it appends every line to one growing string and measures
 * it with Buffer.byteLength, which flattens the whole buffer again on every line (the measurement:
 * docs/decisions.md, "Logs go through our own LineWriter").
 */
export class LineWriter {
  private lines: string[] = [];
  private pendingChars = 0;
  private writing = false;
  /** Lines given, and lines written (or given up on): a flush waits for the count it saw. */
  private given = 0;
  private written = 0;
  private inFlight = 0;
  private waiting: { readonly upTo: number; readonly done: () => void }[] = [];
  private readonly fd: number;
  private readonly ownsFd: boolean;

  /** `target`: a file descriptor (1 is stdout) or a path, opened for appending. */
  constructor(
    target: number | string = 1,
    private readonly minBytes = DEFAULT_MIN_BYTES,
  ) {
    this.ownsFd = typeof target === 'string';
    this.fd = typeof target === 'string' ? openSync(target, 'a') : target;
    writers.add(this);
    installExitHook();
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.given += 1;
    this.pendingChars += line.length;
    if (!this.writing && this.pendingChars >= this.minBytes) this.startWrite();
    return true;
  }

  /** Lines given and not yet handed to a write (held until `minBytes` have gathered or a flush). */
  get pendingLines(): number {
    return this.lines.length;
  }

  /** Writes everything given so far; `done` runs once it is written. pino's `logger.flush(cb)` calls this. */
  flush(done: (err?: Error) => void = () => {}): void {
    if (this.written === this.given) {
      done();
      return;
    }
    this.waiting.push({ upTo: this.given, done: () => done() });
    if (!this.writing) this.startWrite();
  }

  /** Writes what is pending now, synchronously (at exit). A write already in flight finishes on its own. */
  flushSync(): void {
    if (this.lines.length === 0) return;
    const count = this.lines.length;
    const data = Buffer.from(this.take());
    this.written += count;
    let offset = 0;
    for (let attempt = 0; offset < data.length && attempt < 1000; attempt++) {
      try {
        offset += writeSync(this.fd, data, offset);
      } catch (err) {
        if (!isEagain(err)) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, EAGAIN_RETRY_MS);
      }
    }
  }

  /** Flushes, then closes a file this writer opened. */
  end(done: () => void = () => {}): void {
    this.flush(() => {
      writers.delete(this);
      if (this.ownsFd) closeSync(this.fd);
      done();
    });
  }

  private take(): string {
    const data = this.lines.join('');
    this.lines = [];
    this.pendingChars = 0;
    return data;
  }

  private startWrite(): void {
    this.writing = true;
    this.inFlight = this.lines.length;
    this.writeOut(this.take());
  }

  /** A string goes to fs.write as it is (no Buffer to allocate); only a partial write needs bytes. */
  private writeOut(data: string | Buffer): void {
    const retry = (rest: string | Buffer) => setTimeout(() => this.writeOut(rest), EAGAIN_RETRY_MS);
    const done = (err: NodeJS.ErrnoException | null, written: number) => {
      if (err && isEagain(err)) return void retry(data);
      // Any other error (a closed stdout): these lines cannot be written anywhere; carry on.
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
      if (!err && written < bytes) return this.writeOut((typeof data === 'string' ? Buffer.from(data) : data).subarray(written));
      this.afterWrite();
    };
    if (typeof data === 'string') write(this.fd, data, null, 'utf8', done);
    else write(this.fd, data, 0, data.length, null, done);
  }

  private afterWrite(): void {
    this.written += this.inFlight;
    this.inFlight = 0;
    const due = this.waiting.filter((w) => w.upTo <= this.written);
    this.waiting = this.waiting.filter((w) => w.upTo > this.written);
    this.writing = false;
    if (this.lines.length > 0 && (this.pendingChars >= this.minBytes || this.waiting.length > 0)) this.startWrite();
    for (const w of due) w.done();
  }
}
