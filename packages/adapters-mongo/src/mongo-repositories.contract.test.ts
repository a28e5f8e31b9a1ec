import { afterAll, describe, expect, it } from 'vitest';
import { describeRepositoryContract } from '@kassa-payments/domain/testing';
import {
  describeAdministrationContract,
  describeApiCallLogContract,
  describeDashboardSessionsContract,
  describeIdempotencyContract,
  describeRateWindowsContract,
  describeSignatureUsesContract,
} from '@kassa-payments/operations/testing';
import { closeAll, freshMongoStorage } from './mongo.fixture.js';

afterAll(closeAll);

// The same suite, with the same assertions, as the in-memory adapters run.
describeRepositoryContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeAdministrationContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeIdempotencyContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeDashboardSessionsContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeApiCallLogContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeRateWindowsContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
describeSignatureUsesContract('mongodb', () => freshMongoStorage(), { describe, it, expect });
