import { describe, expect, it } from 'vitest';
import { describeRepositoryContract } from '@kassa-payments/domain/testing';
import {
  describeAdministrationContract,
  describeApiCallLogContract,
  describeDashboardSessionsContract,
  describeIdempotencyContract,
  describeRateWindowsContract,
  describeSignatureUsesContract,
} from '@kassa-payments/operations/testing';
import { inMemoryPorts } from './in-memory-ports.js';
import { InMemoryProjectDirectory } from './in-memory-project-directory.js';
import { InMemoryIdempotencyStore } from './in-memory-idempotency-store.js';
import { InMemoryDashboardSessions } from './in-memory-dashboard-sessions.js';
import { InMemoryApiCallLog } from './in-memory-api-call-log.js';
import { InMemoryRateWindows } from './in-memory-rate-windows.js';
import { InMemorySignatureUses } from './in-memory-signature-uses.js';

describeRepositoryContract('in-memory', async () => inMemoryPorts(), { describe, it, expect });
describeAdministrationContract('in-memory', async () => ({ projects: new InMemoryProjectDirectory() }), { describe, it, expect });
describeIdempotencyContract('in-memory', async () => ({ idempotency: new InMemoryIdempotencyStore() }), { describe, it, expect });
describeDashboardSessionsContract('in-memory', async () => ({ dashboardSessions: new InMemoryDashboardSessions() }), { describe, it, expect });
describeApiCallLogContract('in-memory', async () => ({ apiCalls: new InMemoryApiCallLog() }), { describe, it, expect });
describeRateWindowsContract('in-memory', async () => ({ rateWindows: new InMemoryRateWindows() }), { describe, it, expect });
describeSignatureUsesContract('in-memory', async () => ({ signatureUses: new InMemorySignatureUses() }), { describe, it, expect });
