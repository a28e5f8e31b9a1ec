import type { IdempotencyKeyRef } from '../../ports/idempotency-store.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { ProjectErasure } from '../../ports/storage-retention.port.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';

/**
 * POST test_data/reset (the test environment only): the project's contracts, invoices,
 * subscriptions, events and webhook deliveries removed, its settings kept, so that a merchant's test
 * run starts from nothing. In production the operation does not exist (NOT_FOUND). Jobs still queued
 * for what was removed find nothing and do nothing.
 */
export class ResetTestData {
  constructor(private readonly ports: Pick<KassaPorts, 'retention' | 'sandbox'>) {}

  /** `idempotencyKey`: the key this reset runs under, kept (its retry replays this answer); the project's other keys go. */
  async execute(input: { readonly projectId: number; readonly idempotencyKey?: IdempotencyKeyRef }): Promise<Result<ProjectErasure, DomainError>> {
    if (!this.ports.sandbox) return fail('NOT_FOUND', 'No route POST test_data/reset');
    return ok(await this.ports.retention.eraseProject(input.projectId, input.idempotencyKey));
  }
}
