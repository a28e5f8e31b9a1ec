import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

/** What a wait looks for: a text, a pattern, or a test of everything written so far (several texts at once). */
export type WantedOutput = string | RegExp | ((output: string) => boolean);

/** How many of the last lines a failed wait quotes. */
const LAST_LINES = 10;

const found = (wanted: WantedOutput, output: string): boolean => (typeof wanted === 'string' ? output.includes(wanted) : wanted instanceof RegExp ? wanted.test(output) : wanted(output));

const describe = (wanted: WantedOutput): string => (typeof wanted === 'function' ? 'the output awaited' : JSON.stringify(String(wanted)));

/**
 * Waits for a child process (its stdout and stderr) or a stream to write `wanted`: resolves, with
 * everything written since the call (after `seen`), on the 'data' event that completes it; rejects
 * when the process exits or the stream ends without it, or after `ms`, quoting the last lines.
 * `seen`: what was written before the call (a caller's own record of the output), looked at first.
 */
export function waitForOutput(source: ChildProcess | Readable, wanted: WantedOutput, ms: number, options: { readonly seen?: string } = {}): Promise<string> {
  let output = options.seen ?? '';
  if (found(wanted, output)) return Promise.resolve(output);
  const child = 'stdout' in source ? source : undefined;
  const streams = child ? [child.stdout, child.stderr].filter((s): s is Readable => s !== null) : [source as Readable];
  return new Promise<string>((resolve, reject) => {
    const lastLines = () => output.split('\n').filter(Boolean).slice(-LAST_LINES).join('\n');
    const done = (error?: string) => {
      clearTimeout(timer);
      for (const s of streams) s.off('data', onData);
      for (const s of streams) s.off('end', onEnd);
      child?.off('close', onClose);
      if (error === undefined) resolve(output);
      else reject(new Error(`${error}: ${describe(wanted)} not written\n--- the last lines ---\n${lastLines()}`));
    };
    const onData = (chunk: Buffer | string) => {
      output += chunk.toString();
      if (found(wanted, output)) done();
    };
    // A child ends when it exits and its streams are closed: all it wrote has been read by then.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => done(`the process exited (${code ?? signal})`);
    const onEnd = () => {
      if (!child) done('the stream ended');
    };
    const timer = setTimeout(() => done(`not within ${ms} ms`), ms);
    for (const s of streams) s.on('data', onData);
    for (const s of streams) s.on('end', onEnd);
    if (child) {
      child.on('close', onClose);
      const ended = streams.every((s) => s.readableEnded || s.destroyed);
      if ((child.exitCode !== null || child.signalCode !== null) && ended) done(`the process had exited (${child.exitCode ?? child.signalCode})`);
    } else if ((source as Readable).readableEnded) done('the stream had ended');
  });
}
