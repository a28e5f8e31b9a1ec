import { describe, expect, it } from 'vitest';
import { describeRepositoryContract } from '../testing/repository-contract.suite.js';
import { inMemoryPorts } from './in-memory-ports.js';

describeRepositoryContract('in-memory', async () => inMemoryPorts(), { describe, it, expect });
