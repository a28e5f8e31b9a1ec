import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PEM files of a private CA and of a server certificate it signed for 127.0.0.1 (paths). */
export interface TestCertificates {
  /** The CA's certificate: what a client trusts (NODE_EXTRA_CA_CERTS, redis-cli --cacert). */
  readonly ca: string;
  /** The server's certificate (subjectAltName IP:127.0.0.1) and its key. */
  readonly cert: string;
  readonly key: string;
  /** Removes the folder, keys included. */
  destroy(): void;
}

/**
 * Makes a CA and a server certificate for 127.0.0.1 with openssl, in a new temporary folder: made at
 * test time, so that no key is ever committed. P-256 keys (quick to make), valid for two days.
 */
export async function makeTestCertificates(): Promise<TestCertificates> {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-tls-'));
  const at = (name: string) => join(dir, name);
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    await run('openssl', ['req', '-x509', ...key, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=Kassa test CA']);
    await run('openssl', ['req', '-new', ...key, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1']);
    writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth,clientAuth\n');
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at('server.pem'),
      '-days',
      '2',
      '-extfile',
      at('server.ext'),
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { ca: at('ca.pem'), cert: at('server.pem'), key: at('server.key'), destroy: () => rmSync(dir, { recursive: true, force: true }) };
}
