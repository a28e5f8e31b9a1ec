import { describe, expect, it } from 'vitest';
import { describeRepositoryContract } from '@kassa/domain/testing';
import { inMemoryPorts } from './in-memory-ports.js';

describeRepositoryContract('in-memory', async () => inMemoryPorts(), { describe, it, expect });
