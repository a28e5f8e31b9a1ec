import { testClockLifecycle, type DomainEvent, type SaveResult, type TestClock, type TestClockRepository } from '@kassa-payments/domain';
import type { ListCursor } from '@kassa-payments/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import { comesAfter } from './newest-first-index.js';
import type { Journal } from './journal.js';

/** The stores whose aggregates may live on a clock. */
type Attachable = { readonly documents: Pick<InMemoryDocuments<{ id: string; projectId: number; version: number }>, 'countOnClock'> };

/** Test clocks in memory, with the storage rules of the other aggregates (compare-and-set, an outbox). */
export class InMemoryTestClockRepository implements TestClockRepository {
  readonly documents: InMemoryDocuments<TestClock>;

  /**
   * With a `journal`, the clocks survive a restart (an advance under way is resumed by the sweep).
   * `attachable`: the contracts, invoices and subscriptions, which `attachedTo` counts.
   */
  constructor(
    journal?: Journal,
    private readonly attachable: readonly Attachable[] = [],
  ) {
    this.documents = new InMemoryDocuments<TestClock>(testClockLifecycle, journal, 'test-clocks');
  }

  async get(projectId: number, testClockId: string) {
    return this.documents.get(projectId, testClockId);
  }

  async list(projectId: number, limit: number, after?: ListCursor) {
    // At most TEST_CLOCK_LIMITS.clocksPerProject a project: a filter and a sort cost nothing here.
    return this.documents
      .filter((c) => c.projectId === projectId && comesAfter(c, after))
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, limit);
  }

  async create(clock: TestClock): Promise<void> {
    this.documents.insert(clock, []);
  }

  async save(clock: TestClock, events: readonly DomainEvent[]): Promise<SaveResult> {
    return this.documents.replace(clock, events);
  }

  async remove(projectId: number, testClockId: string): Promise<boolean> {
    return this.documents.remove(projectId, testClockId);
  }

  async page(afterId: string | undefined, limit: number) {
    return this.documents
      .filter((c) => afterId === undefined || c.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async attachedTo(projectId: number, testClockId: string): Promise<number> {
    return this.attachable.reduce((n, store) => n + store.documents.countOnClock(projectId, testClockId), 0);
  }

  async findDue(now: string, limit: number) {
    return this.documents.due(now, limit);
  }
}
