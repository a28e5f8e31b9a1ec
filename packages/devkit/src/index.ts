// Kassa's development kit: the launchers of the test servers, the fuzzer and the benchmarks. Dev-only:
// never a dependency of a runtime package; the app's tests and `npm run fuzz` / `npm run bench` use it.
export { BANK_GATEWAY_MODULE } from './servers/bank-gateway.js';
export { launchChromium, type TestBrowser } from './servers/chromium.js';
export { startReceiver, type HttpReceiver, type Received } from './servers/http-receiver.js';
export { exchangeOf, merchantTool, merchantToolsInstalled, type Exchange } from './servers/merchant-tools.js';
export { canStartMongoServer, freePort, startMongoServer, waitForPort, type MongoServer } from './servers/mongo-server.js';
export { startRedisServer, type RedisServer } from './servers/redis-server.js';
export { startRedisSentinelSet, type RedisSentinelOptions, type RedisSentinelSet } from './servers/redis-sentinel-set.js';
export { redisCli, redisCliOf, type RedisCli, type RedisTlsFiles } from './servers/redis-processes.js';
export { startRedisCluster, type RedisClusterOptions, type RedisClusterSet } from './servers/redis-cluster.js';
export { makeTestCertificates, type TestCertificates } from './servers/test-certificates.js';
export { FREE_PORTS } from './servers/free-ports.js';
export { waitForOutput, type WantedOutput } from './servers/output.js';
export { xmlSchemaCheck, type XmlSchemaCheck } from './servers/xml-schema-check.js';
export { FUZZ_ADMIN_TOKEN, FUZZ_PARTNER, FUZZ_SUBSCRIPTION_PROJECTS, startKassaProcess, type KassaProcess } from './fuzz/kassa-process.js';
export { exchange, NoAnswer, parseAnswer, requestBytes, sendRaw, type RawAnswer, type RawRequest } from './fuzz/raw-http.js';
export { runFuzz, type FuzzOptions, type FuzzReport, type FuzzSubject } from './fuzz/fuzz-session.js';
export { linksOffDashboard, logProblems } from './fuzz/invariants.js';
export { subscriptionCall, UPGRADE_CLOSED_URL, UPGRADE_PARTNER, UPGRADE_SECRETS_KEY, type UpgradeDataSet, upgradeSeed, writeUpgradeDataSet } from './upgrade/previous-data.js';
