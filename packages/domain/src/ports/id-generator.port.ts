/** New unique ids (UUIDs) for aggregates, transactions, billing operations and events. */
export interface IdGenerator {
  newId(): string;
}
