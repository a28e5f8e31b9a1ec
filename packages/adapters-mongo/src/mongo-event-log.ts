import type { Collection, Filter } from 'mongodb';
import type { DomainEvent, EventFilter, EventLog } from '@kassa/domain';
import { isDuplicateKey, storage } from './mongo-errors.js';
import { olderThan } from './aggregate-collection.js';

/** One logged event: the event itself, and the fields it is listed by. */
export interface EventDocument {
  _id: string;
  projectId: number;
  type: string;
  occurredAt: string;
  event: DomainEvent;
}

/** The event log as one document per event: recording twice is a duplicate `_id`, and ignored. */
export class MongoEventLog implements EventLog {
  constructor(private readonly events: Collection<EventDocument>) {}

  async record(event: DomainEvent): Promise<void> {
    try {
      await storage(() => this.events.insertOne({ _id: event.id, projectId: event.projectId, type: event.type, occurredAt: event.occurredAt, event }));
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
  }

  async list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]> {
    const query: Filter<EventDocument> = {
      projectId,
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.aggregateId ? { 'event.aggregate.id': filter.aggregateId } : {}),
      ...olderThan(filter.after, 'occurredAt'),
    };
    const docs = await storage(() => this.events.find(query).sort({ occurredAt: -1, _id: -1 }).limit(limit).toArray());
    return docs.map((d) => d.event);
  }

  /** Removes a project's events (the test environment's reset). */
  async eraseProject(projectId: number): Promise<number> {
    return (await storage(() => this.events.deleteMany({ projectId }))).deletedCount;
  }

  /** Removes a project's events recorded on a test clock. */
  async eraseOnClock(projectId: number, testClockId: string): Promise<number> {
    return (await storage(() => this.events.deleteMany({ projectId, 'event.testClockId': testClockId }))).deletedCount;
  }

  /** Removes the events that occurred before `before`: the retention sweep. */
  async purgeBefore(before: string): Promise<number> {
    // A test clock's events are in its time, not real time: they go with the clock (or a reset).
    const result = await storage(() => this.events.deleteMany({ occurredAt: { $lt: before }, 'event.testClockId': { $exists: false } }));
    return result.deletedCount;
  }
}
