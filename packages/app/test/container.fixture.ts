import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { waitForOutput } from '@kassa-payments/devkit';

// Kassa's image run as an operator runs it, with Debian's podman (runc, the repository's
// containers.conf: scripts/ensure-podman.sh writes it; scripts/build-image.sh built the image).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const CONTAINERS_CONF = `${root}.kassa/containers/containers.conf`;
const ENV = { ...process.env, CONTAINERS_CONF };

/** `podman <args>`: its stdout (a failure rejects with podman's stderr). */
export const podman = (...args: string[]): Promise<string> => promisify(execFile)('podman', args, { env: ENV, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).then((r) => r.stdout);

export interface KassaContainer {
  readonly name: string;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Waits for `wanted` in its output. */
  waitFor(wanted: string | RegExp, ms: number): Promise<void>;
  /** `podman stop` (SIGTERM, then SIGKILL after 10 s): resolves when the container is gone. */
  stop(): Promise<void>;
}

/**
 * Runs `image` as a container in the foreground (`podman run --rm`), with `args` before the image
 * (ports, volumes, network, `-e` variables) and `command` after it; resolves once it wrote `ready`.
 * Podman schedules the HEALTHCHECK with systemd, which this machine has not (it says so and runs the
 * container): a test runs the check itself with `podman healthcheck run`.
 */
export async function runKassaContainer(image: string, args: readonly string[], ready: string | RegExp, command: readonly string[] = []): Promise<KassaContainer> {
  const name = `kassa-test-${randomUUID().slice(0, 8)}`;
  const child = spawn('podman', ['run', '--rm', '--name', name, ...args, image, ...command], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const container: KassaContainer = {
    name,
    output: () => output,
    waitFor: async (wanted, ms) => {
      await waitForOutput(child, wanted, ms, { seen: output });
    },
    stop: async () => {
      if (child.exitCode === null) await podman('stop', '--time', '10', name).catch(() => undefined);
      await exited;
    },
  };
  try {
    await container.waitFor(ready, 60_000);
  } catch (e) {
    await podman('rm', '--force', name).catch(() => undefined);
    throw e;
  }
  return container;
}
