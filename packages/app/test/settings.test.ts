import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { settingsOf } from '../src/settings.js';
import { PRODUCTION } from './e2e.fixture.js';

const webhookPrivateNetworks = (env: Record<string, string>) => settingsOf(readConfig(env)).callers.webhookPrivateNetworks;

describe('KASSA_WEBHOOK_PRIVATE_NETWORKS when unset', () => {
  const production = { ...PRODUCTION, KASSA_SEED_FILE: 'seed.json' };
  const keepsAnswers = (env: Record<string, string>) => settingsOf(readConfig(env)).callers.keepPrivateAnswers;

  it("allow only on a developer's own machine: outside production, the API on loopback with no trusted proxy in front", () => {
    expect(webhookPrivateNetworks({})).toBe('allow');
    expect(webhookPrivateNetworks({ KASSA_HOST: '::1' })).toBe('allow');
    expect(webhookPrivateNetworks({ KASSA_TRUST_PROXY: 'false' })).toBe('allow');
    expect(keepsAnswers({})).toBe(true);
  });

  it('refuse in production wherever it listens, on any other address, and behind a proxy (KASSA_TRUST_PROXY set: others reach this Kassa)', () => {
    expect(webhookPrivateNetworks(production)).toBe('refuse');
    expect(webhookPrivateNetworks({ ...production, KASSA_HOST: '::1' })).toBe('refuse');
    for (const mode of [{}, production]) {
      expect(webhookPrivateNetworks({ ...mode, KASSA_HOST: '0.0.0.0' })).toBe('refuse');
      expect(webhookPrivateNetworks({ ...mode, KASSA_HOST: '10.1.2.3' })).toBe('refuse');
      for (const proxy of ['loopback', '1', '10.0.0.0/8']) expect(webhookPrivateNetworks({ ...mode, KASSA_TRUST_PROXY: proxy }), proxy).toBe('refuse');
    }
  });

  it("a private target's answer is kept on a developer's own machine alone, whatever the variable says", () => {
    expect(keepsAnswers(production)).toBe(false);
    expect(keepsAnswers({ ...production, KASSA_WEBHOOK_PRIVATE_NETWORKS: 'allow' })).toBe(false);
    expect(keepsAnswers({ KASSA_TRUST_PROXY: 'loopback', KASSA_WEBHOOK_PRIVATE_NETWORKS: 'allow' })).toBe(false);
    expect(keepsAnswers({ KASSA_HOST: '0.0.0.0' })).toBe(false);
  });

  it('as set, when set: allow, refuse, or the networks listed; anything else is refused at start, naming the value', () => {
    expect(webhookPrivateNetworks({ KASSA_HOST: '0.0.0.0', KASSA_WEBHOOK_PRIVATE_NETWORKS: 'allow' })).toBe('allow');
    expect(webhookPrivateNetworks({ KASSA_WEBHOOK_PRIVATE_NETWORKS: 'refuse' })).toBe('refuse');
    expect(webhookPrivateNetworks({ ...production, KASSA_WEBHOOK_PRIVATE_NETWORKS: '10.20.0.0/16, fd00::/8,192.168.1.7' })).toEqual(['10.20.0.0/16', 'fd00::/8', '192.168.1.7']);
    for (const bad of ['10.0.0.0/33', 'intranet.example', '10.0.0.0/8,', 'yes']) expect(() => readConfig({ KASSA_WEBHOOK_PRIVATE_NETWORKS: bad }), bad).toThrow(/KASSA_WEBHOOK_PRIVATE_NETWORKS/);
  });
});

describe('where the queue lives: REDIS_URL, Sentinel or Cluster', () => {
  const jobs = (env: Record<string, string>) => settingsOf(readConfig(env)).jobs;

  it('one server from REDIS_URL, one partition, the prefix as today', () => {
    expect(jobs({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
      kind: 'redis',
      target: { kind: 'single', url: 'redis://127.0.0.1:6379' },
      prefix: 'kassa',
      partitions: 1,
      concurrency: 50,
      runsJobs: true,
    });
    expect(jobs({})).toEqual({ kind: 'in-process' });
  });

  it('the master behind Sentinel: the sentinels, the master name, the passwords', () => {
    expect(
      jobs({
        KASSA_REDIS_SENTINELS: '10.0.0.5:26379, sentinel-b.internal:26380,[::1]:26381',
        KASSA_REDIS_SENTINEL_MASTER: 'kassa',
        KASSA_REDIS_PASSWORD: 'p@ss',
        KASSA_REDIS_SENTINEL_PASSWORD: 's3cret',
      }),
    ).toEqual({
      kind: 'redis',
      target: {
        kind: 'sentinel',
        sentinels: [
          { host: '10.0.0.5', port: 26379 },
          { host: 'sentinel-b.internal', port: 26380 },
          { host: '::1', port: 26381 },
        ],
        master: 'kassa',
        password: 'p@ss',
        sentinelPassword: 's3cret',
      },
      prefix: 'kassa',
      partitions: 1,
      concurrency: 50,
      runsJobs: true,
    });
  });

  it('a Cluster with partitions; an api process only adds jobs', () => {
    expect(jobs({ KASSA_REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000', KASSA_QUEUE_PARTITIONS: '6', KASSA_JOB_CONCURRENCY: '120', KASSA_ROLE: 'api', MONGO_URL: 'mongodb://127.0.0.1/' })).toEqual(
      {
        kind: 'redis',
        target: {
          kind: 'cluster',
          nodes: [
            { host: '10.0.0.1', port: 7000 },
            { host: '10.0.0.2', port: 7000 },
          ],
        },
        prefix: 'kassa',
        partitions: 6,
        concurrency: 120,
        runsJobs: false,
      },
    );
  });

  it('refuses two Redis at once, Sentinel without its master name, a bad node list, partitions out of range', () => {
    expect(() => readConfig({ REDIS_URL: 'redis://127.0.0.1', KASSA_REDIS_CLUSTER_NODES: '127.0.0.1:7000' })).toThrow(
      'KASSA_REDIS_CLUSTER_NODES: one Redis at a time: REDIS_URL and KASSA_REDIS_CLUSTER_NODES are both set',
    );
    expect(() => readConfig({ KASSA_REDIS_SENTINELS: '127.0.0.1:26379' })).toThrow('KASSA_REDIS_SENTINEL_MASTER: required with KASSA_REDIS_SENTINELS');
    for (const bad of ['127.0.0.1', '127.0.0.1:0', 'host:99999', 'a b:1', ','])
      expect(() => readConfig({ KASSA_REDIS_CLUSTER_NODES: bad }), bad).toThrow('KASSA_REDIS_CLUSTER_NODES: must be host:port pairs');
    for (const bad of ['0', '65', 'two']) expect(() => readConfig({ REDIS_URL: 'redis://127.0.0.1', KASSA_QUEUE_PARTITIONS: bad }), bad).toThrow('KASSA_QUEUE_PARTITIONS');
    // api and worker processes accept Sentinel or a Cluster as their Redis.
    expect(readConfig({ KASSA_ROLE: 'worker', KASSA_REDIS_CLUSTER_NODES: '127.0.0.1:7000', MONGO_URL: 'mongodb://127.0.0.1/' })).toMatchObject({ KASSA_ROLE: 'worker' });
  });

  it('KASSA_REDIS_TLS: off by default; on for the data nodes of Sentinel and Cluster; KASSA_REDIS_SENTINEL_TLS follows it unless set', () => {
    const sentinel = { KASSA_REDIS_SENTINELS: '10.0.0.5:26379', KASSA_REDIS_SENTINEL_MASTER: 'kassa' };
    const target = (env: Record<string, string>) => {
      const j = jobs(env);
      return j.kind === 'redis' ? j.target : undefined;
    };
    // Off: the targets as before, no TLS named.
    expect(target(sentinel)).toEqual({ kind: 'sentinel', sentinels: [{ host: '10.0.0.5', port: 26379 }], master: 'kassa' });
    expect(target({ ...sentinel, KASSA_REDIS_TLS: 'false' })).not.toHaveProperty('tls');
    expect(target({ ...sentinel, KASSA_REDIS_TLS: 'true' })).toMatchObject({ tls: true, sentinelTls: true });
    expect(target({ ...sentinel, KASSA_REDIS_TLS: 'true', KASSA_REDIS_SENTINEL_TLS: 'false' })).toMatchObject({ tls: true });
    expect(target({ ...sentinel, KASSA_REDIS_TLS: 'true', KASSA_REDIS_SENTINEL_TLS: 'false' })).not.toHaveProperty('sentinelTls');
    expect(target({ ...sentinel, KASSA_REDIS_SENTINEL_TLS: 'true' })).toMatchObject({ sentinelTls: true });
    expect(target({ ...sentinel, KASSA_REDIS_SENTINEL_TLS: 'true' })).not.toHaveProperty('tls');
    expect(target({ KASSA_REDIS_CLUSTER_NODES: '10.0.0.1:7000', KASSA_REDIS_TLS: 'true' })).toEqual({ kind: 'cluster', nodes: [{ host: '10.0.0.1', port: 7000 }], tls: true });
    expect(target({ KASSA_REDIS_CLUSTER_NODES: '10.0.0.1:7000' })).not.toHaveProperty('tls');
  });

  it('KASSA_REDIS_TLS: true or false only; refused beside REDIS_URL, whose scheme says it (rediss://)', () => {
    for (const bad of ['yes', '1', 'TRUE', '']) {
      expect(() => readConfig({ KASSA_REDIS_CLUSTER_NODES: '10.0.0.1:7000', KASSA_REDIS_TLS: bad }), bad).toThrow(/^Configuration: KASSA_REDIS_TLS: /);
      expect(() => readConfig({ KASSA_REDIS_CLUSTER_NODES: '10.0.0.1:7000', KASSA_REDIS_SENTINEL_TLS: bad }), bad).toThrow(/^Configuration: KASSA_REDIS_SENTINEL_TLS: /);
    }
    for (const url of ['redis://127.0.0.1', 'rediss://127.0.0.1'])
      for (const name of ['KASSA_REDIS_TLS', 'KASSA_REDIS_SENTINEL_TLS'])
        for (const value of ['true', 'false']) {
          expect(() => readConfig({ REDIS_URL: url, [name]: value }), `${url} ${name}=${value}`).toThrow(
            `Configuration: ${name}: not with REDIS_URL, whose scheme says it: rediss:// for TLS (this variable is for KASSA_REDIS_SENTINELS and KASSA_REDIS_CLUSTER_NODES)`,
          );
        }
    // REDIS_URL alone: as before, rediss:// is its TLS.
    expect(jobs({ REDIS_URL: 'rediss://127.0.0.1:6380' })).toMatchObject({ target: { kind: 'single', url: 'rediss://127.0.0.1:6380' } });
  });

  it('never shows a Redis password in a configuration error', () => {
    let message = '';
    try {
      readConfig({ KASSA_REDIS_SENTINELS: 'bad', KASSA_REDIS_SENTINEL_MASTER: 'kassa', KASSA_REDIS_PASSWORD: 'do-not-show-me' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('KASSA_REDIS_SENTINELS');
    expect(message).not.toContain('do-not-show-me');
  });
});
