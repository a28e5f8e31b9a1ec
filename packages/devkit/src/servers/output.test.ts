import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { waitForOutput } from './output.js';

describe('waitForOutput', () => {
  it('resolves on the write that completes the text, across chunks, with what was written since the call', async () => {
    const stream = new PassThrough();
    const waited = waitForOutput(stream, 'kassa started', 5_000);
    stream.write('{"msg":"kassa sta');
    stream.write('rted"}\n');
    await expect(waited).resolves.toBe('{"msg":"kassa started"}\n');
  });

  it('looks at what was seen before the call first; takes a pattern or a test of the whole output', async () => {
    const stream = new PassThrough();
    await expect(waitForOutput(stream, 'Next: ', 5_000, { seen: 'banner\nNext: run' })).resolves.toBe('banner\nNext: run');
    const both = waitForOutput(stream, (out) => out.includes('one') && out.includes('two'), 5_000);
    const pattern = waitForOutput(stream, /port \d+/, 5_000);
    stream.write('one, port 80');
    stream.write(' and two');
    await expect(pattern).resolves.toBe('one, port 80');
    await expect(both).resolves.toBe('one, port 80 and two');
  });

  it("reads a child's stdout and stderr; rejects when it exits without the text, quoting its last lines", async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("first"); console.error("on stderr"); console.log("last")'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await expect(waitForOutput(child, 'never written', 20_000)).rejects.toThrow(/the process exited \(0\): "never written" not written\n--- the last lines ---\n[\s\S]*on stderr/);
    const again = spawn(process.execPath, ['-e', 'console.error("ready on stderr"); setTimeout(() => {}, 60_000)'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await expect(waitForOutput(again, 'ready on stderr', 20_000)).resolves.toContain('ready on stderr');
    } finally {
      again.kill('SIGKILL');
    }
  });

  it('rejects after its time, and on the end of a stream', async () => {
    const quiet = new PassThrough();
    quiet.write('something else\n');
    await expect(waitForOutput(quiet, 'nothing', 50)).rejects.toThrow(/not within 50 ms: "nothing" not written\n--- the last lines ---\nsomething else/);
    const ending = new PassThrough();
    const waited = waitForOutput(ending, 'nothing', 5_000);
    ending.end('bye\n');
    await expect(waited).rejects.toThrow(/the stream ended/);
  });
});
