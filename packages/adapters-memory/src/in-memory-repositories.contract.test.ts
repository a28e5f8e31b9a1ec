import { describe, expect, it } from 'vitest';
import { describeAdministrationContract, describeIdempotencyContract, describeRepositoryContract } from '@kassa/domain/testing';
import { inMemoryPorts } from './in-memory-ports.js';
import { InMemoryProjectDirectory } from './in-memory-project-directory.js';
import { InMemoryIdempotencyStore } from './in-memory-idempotency-store.js';

describeRepositoryContract('in-memory', async () => inMemoryPorts(), { describe, it, expect });
describeAdministrationContract('in-memory', async () => ({ projects: new InMemoryProjectDirectory() }), { describe, it, expect });
describeIdempotencyContract('in-memory', async () => ({ idempotency: new InMemoryIdempotencyStore() }), { describe, it, expect });
