import { describe, expect, it } from 'vitest';
import { describeAdministrationContract, describeRepositoryContract } from '@kassa/domain/testing';
import { inMemoryPorts } from './in-memory-ports.js';
import { InMemoryProjectDirectory } from './in-memory-project-directory.js';

describeRepositoryContract('in-memory', async () => inMemoryPorts(), { describe, it, expect });
describeAdministrationContract('in-memory', async () => ({ projects: new InMemoryProjectDirectory() }), { describe, it, expect });
