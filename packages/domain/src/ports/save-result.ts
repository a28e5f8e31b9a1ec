import { err, ok, type Result } from '../shared/result.js';

/** A compare-and-set write lost to a concurrent one: nothing was written. */
export interface VersionConflict {
  readonly kind: 'conflict';
}

/** Another live record already holds a unique key; `holderId` names it. */
export interface DuplicateKey<K extends string = string> {
  readonly kind: 'duplicate';
  readonly key: K;
  readonly holderId: string;
}

export type SaveResult = Result<void, VersionConflict>;
export type CreateResult<K extends string> = Result<void, DuplicateKey<K>>;

export const saved = (): SaveResult => ok(undefined);
export const created = <K extends string>(): CreateResult<K> => ok(undefined);
export const versionConflict = (): SaveResult => err({ kind: 'conflict' });
export const duplicateKey = <K extends string>(key: K, holderId: string): CreateResult<K> => err({ kind: 'duplicate', key, holderId });
