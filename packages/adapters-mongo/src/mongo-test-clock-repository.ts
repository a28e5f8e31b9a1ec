import { saved, testClockLifecycle, versionConflict, type DomainEvent, type ListCursor, type SaveResult, type TestClock, type TestClockRepository } from '@kassa-payments/domain';
import { type AggregateCollection, olderThan } from './aggregate-collection.js';

/** `testClockId` is the clock's own id: an advance relays the clock's events with those of its objects. */
const fields = (c: TestClock) => ({ projectId: c.projectId, createdAt: c.createdAt, dueAt: testClockLifecycle.dueAt(c), testClockId: c.id });

/** Test clocks in MongoDB: one document each, saved by compare-and-set like every aggregate. */
export class MongoTestClockRepository implements TestClockRepository {
  /** `attachable`: the contracts, invoices and subscriptions, which `attachedTo` counts. */
  constructor(
    private readonly clocks: AggregateCollection<TestClock>,
    private readonly attachable: readonly Pick<AggregateCollection<{ id: string; projectId: number; version: number }>, 'count'>[] = [],
  ) {}

  get(projectId: number, testClockId: string): Promise<TestClock | undefined> {
    return this.clocks.get(projectId, testClockId);
  }

  list(projectId: number, limit: number, after?: ListCursor): Promise<TestClock[]> {
    return this.clocks.find({ projectId, ...olderThan(after) }, { createdAt: -1, _id: -1 }, limit);
  }

  async create(clock: TestClock): Promise<void> {
    await this.clocks.insert(clock, fields(clock), []);
  }

  async save(clock: TestClock, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.clocks.save(clock, fields(clock), events)) ? saved() : versionConflict();
  }

  async remove(projectId: number, testClockId: string): Promise<boolean> {
    return (await this.clocks.deleteMany({ _id: testClockId, projectId })) > 0;
  }

  page(afterId: string | undefined, limit: number): Promise<TestClock[]> {
    return this.clocks.find(afterId === undefined ? {} : { _id: { $gt: afterId } }, { _id: 1 }, limit);
  }

  /** Counted by the clock's due-work index (`testClockId` first), each collection stopping at `limit`. */
  async attachedTo(projectId: number, testClockId: string, limit: number): Promise<number> {
    const counts = await Promise.all(this.attachable.map((c) => c.count({ testClockId, projectId }, limit)));
    return counts.reduce((n, c) => n + c, 0);
  }

  /** An advance whose runner's lease ran out. The clock's `testClockId` is its own id, so the sweep asks by due time alone. */
  async findDue(now: string, limit: number): Promise<TestClock[]> {
    return this.clocks.find({ dueAt: { $ne: null, $lte: now } }, { dueAt: 1 }, limit);
  }
}
