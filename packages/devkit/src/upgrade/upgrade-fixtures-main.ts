// Writes the data sets of the previous release (N-1) that this one must read: `npm run
// upgrade-fixtures` once a release is cut (docs/operators/releasing.md). The previous release is
// built from its commit in releases.json (scripts/ensure-previous-release.mjs) and run twice, on a
// data folder and on MongoDB (MONGO_URL, or the test's mongo-java-server), each time writing one of
// every stored shape through its APIs (writeUpgradeDataSet). Out: packages/app/test/fixtures/
// upgrade/<version>/: data-folder/ (the journal as written), mongo/<collection>.json (canonical
// Extended JSON, by _id; sealed under UPGRADE_SECRETS_KEY), seed.json, and <storage>.manifest.json
// (what a reader must find). The receiver's address they were written with becomes a closed port's.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BSON, MongoClient } from 'mongodb';
import { startKassaProcess } from '../fuzz/kassa-process.js';
import { startReceiver } from '../servers/http-receiver.js';
import { startMongoServer } from '../servers/mongo-server.js';
import { UPGRADE_CLOSED_URL, UPGRADE_SECRETS_KEY, upgradeSeed, writeUpgradeDataSet } from './previous-data.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const { releases } = JSON.parse(readFileSync(join(root, 'releases.json'), 'utf8')) as { releases: { version: string; commit: string }[] };
const previous = releases[0] as { version: string; commit: string };
const tree = execFileSync(process.execPath, [join(root, 'scripts/ensure-previous-release.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const main = join(tree, 'packages/app/dist/main.js');
const out = join(root, 'packages/app/test/fixtures/upgrade', previous.version);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const receiver = await startReceiver();
const seed = upgradeSeed(UPGRADE_CLOSED_URL);
writeFileSync(join(out, 'seed.json'), `${JSON.stringify(seed, null, 2)}\n`);
// Written with the receiver's address, so that deliveries succeed; the saved seed names a closed port.
const liveSeed = upgradeSeed(receiver.url);
const env = { KASSA_COMMIT: previous.commit };

// The data folder.
const dir = mkdtempSync(join(tmpdir(), 'kassa-upgrade-folder-'));
const folderKassa = await startKassaProcess({ ...env, KASSA_DATA_DIR: dir }, { seed: liveSeed, main });
const folderSet = await writeUpgradeDataSet(folderKassa.urls, previous.version);
await folderKassa.stop();
mkdirSync(join(out, 'data-folder'));
for (const f of readdirSync(dir)) if (f.endsWith('.jsonl')) copyFileSync(join(dir, f), join(out, 'data-folder', f));
rmSync(dir, { recursive: true, force: true });
writeFileSync(join(out, 'data-folder.manifest.json'), `${JSON.stringify(folderSet, null, 2)}\n`);

// MongoDB.
const server = process.env['MONGO_URL'] ? undefined : await startMongoServer();
const url = process.env['MONGO_URL'] ?? (server as { url: string }).url;
const database = `kassa_upgrade_${Date.now()}`;
const mongoKassa = await startKassaProcess({ ...env, MONGO_URL: url, MONGO_DB: database, KASSA_SECRETS_KEY: UPGRADE_SECRETS_KEY }, { seed: liveSeed, main });
const mongoSet = await writeUpgradeDataSet(mongoKassa.urls, previous.version);
await mongoKassa.stop();
const client = new MongoClient(url);
const db = client.db(database);
mkdirSync(join(out, 'mongo'));
for (const { name } of await db.listCollections().toArray()) {
  const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  writeFileSync(join(out, 'mongo', `${name}.json`), `${BSON.EJSON.stringify(docs, undefined, 1, { relaxed: false })}\n`);
}
await db.dropDatabase();
await client.close();
await server?.destroy();
writeFileSync(join(out, 'mongo.manifest.json'), `${JSON.stringify(mongoSet, null, 2)}\n`);
await receiver.close();
// No data set names a port that was live when it was written: a test reading it could reach whatever listens there now.
for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
  const path = join(out, file);
  if (!file.endsWith('.json') && !file.endsWith('.jsonl')) continue;
  writeFileSync(path, readFileSync(path, 'utf8').replaceAll(receiver.url, UPGRADE_CLOSED_URL));
}
process.stdout.write(`upgrade fixtures of ${previous.version} written to ${out}\n`);
