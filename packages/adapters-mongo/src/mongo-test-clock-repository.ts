import { saved, testClockDueAt, versionConflict, type DomainEvent, type SaveResult, type TestClock, type TestClockRepository } from '@kassa/domain';
import type { AggregateCollection } from './aggregate-collection.js';

/** `testClockId` is the clock's own id: an advance relays the clock's events with those of its objects. */
const fields = (c: TestClock) => ({ projectId: c.projectId, createdAt: c.createdAt, dueAt: testClockDueAt(c), testClockId: c.id });

/** Test clocks in MongoDB: one document each, saved by compare-and-set like every aggregate. */
export class MongoTestClockRepository implements TestClockRepository {
  constructor(private readonly clocks: AggregateCollection<TestClock>) {}

  get(projectId: number, testClockId: string): Promise<TestClock | undefined> {
    return this.clocks.get(projectId, testClockId);
  }

  list(projectId: number, limit: number): Promise<TestClock[]> {
    return this.clocks.find({ projectId }, { createdAt: -1, _id: -1 }, limit);
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

  /** An advance whose runner's lease ran out. The clock's `testClockId` is its own id, so the sweep asks by due time alone. */
  async findDue(now: string, limit: number): Promise<TestClock[]> {
    return this.clocks.find({ dueAt: { $ne: null, $lte: now } }, { dueAt: 1 }, limit);
  }
}
