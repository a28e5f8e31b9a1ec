import type { AuditEntry, AuditLog } from '@kassa-payments/operations';
import { JournaledMap, type Journal } from './journal.js';
import { isObject, ownId, shape, text } from './restored-checks.js';

/** Entries are kept and given out as copies: a caller's change never reaches the log. */
const clone = (e: AuditEntry): AuditEntry => JSON.parse(JSON.stringify(e)) as AuditEntry;

const newestFirst = (a: AuditEntry, b: AuditEntry) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1);

/** The operators' changes, in this process. */
export class InMemoryAuditLog implements AuditLog {
  private readonly entries: JournaledMap<string, AuditEntry>;

  /** With a `journal`, the audit log survives a restart. */
  constructor(journal?: Journal) {
    this.entries = new JournaledMap(journal, 'audit-log', shape({ id: text, at: text, actor: text, from: text, action: text, target: text, changes: isObject }, ownId));
  }

  async record(entry: AuditEntry): Promise<void> {
    this.entries.set(entry.id, clone(entry));
  }

  async list(limit: number, before?: { readonly at: string; readonly id: string }): Promise<AuditEntry[]> {
    const older = (e: AuditEntry) => !before || e.at < before.at || (e.at === before.at && e.id < before.id);
    return [...this.entries.values()].filter(older).sort(newestFirst).slice(0, limit).map(clone);
  }
}
