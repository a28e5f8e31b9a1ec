import { describe, expect, it } from 'vitest';
import { redisConnection } from './redis-connection.js';

describe('redisConnection', () => {
  it('reads host, port, credentials and database from a redis:// URL; workers wait through outages', () => {
    expect(redisConnection('redis://u:p%40ss@cache.internal:6380/2')).toEqual({ host: 'cache.internal', port: 6380, username: 'u', password: 'p@ss', db: 2, maxRetriesPerRequest: null });
    expect(redisConnection('redis://localhost')).toEqual({ host: 'localhost', port: 6379, maxRetriesPerRequest: null });
  });

  it('turns TLS on for rediss://, so that the password is never sent in clear', () => {
    expect(redisConnection('rediss://:secret@cache.example:6380')).toMatchObject({ host: 'cache.example', password: 'secret', tls: {} });
    expect(redisConnection('redis://:secret@cache.example')).not.toHaveProperty('tls');
  });
});
