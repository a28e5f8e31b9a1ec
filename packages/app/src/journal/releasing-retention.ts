import type { ProjectErasure, StorageRetention } from '@kassa-payments/domain';
import type { FileJournal } from './file-journal.js';

/**
 * The in-memory retention with a data folder: a test clock's erasure tells the journal how many bytes
 * the stores let go of (as they held them, about what the folder holds), so that the folder is compacted
 * and its disk given back, not kept until traffic grows the journal again (issue 43, item 5).
 */
export function releasingRetention(retention: StorageRetention, journal: FileJournal): StorageRetention {
  return {
    eraseProject: (projectId, keep) => retention.eraseProject(projectId, keep),
    eventsOnTestClocks: (projectId, limit) => retention.eventsOnTestClocks(projectId, limit),
    testClockBytes: (projectId, testClockId) => retention.testClockBytes(projectId, testClockId),
    purgeBefore: (before) => retention.purgeBefore(before),
    async eraseTestClock(projectId: number, testClockId: string): Promise<ProjectErasure> {
      const bytes = await retention.testClockBytes(projectId, testClockId);
      const erased = await retention.eraseTestClock(projectId, testClockId);
      journal.released(bytes);
      return erased;
    },
  };
}
