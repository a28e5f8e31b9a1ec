import { fail, type DomainError, type ErrorCode } from './errors.js';
import { appliedOrRefused, type Applied, type Change, type Refusal } from './lifecycle.js';
import { sameDigest } from './pin-digest.js';
import { ok, type Result } from './result.js';

// The SMS PIN confirmation that contracts, invoices and subscriptions share: their machines' PIN
// guards and the answer to a PIN step are written here once.

/** PIN attempts allowed for an invoice, a contract or a subscription. */
export const MAX_PIN_ATTEMPTS = 3;

/** What an aggregate confirmed by an SMS PIN keeps: the keyed digest of the PIN sent (never the PIN), and the wrong attempts so far. */
export interface PinConfirmable {
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
}

type PinStep = { readonly context: PinConfirmable; readonly event: { readonly type: string; readonly pinDigest?: string } };

/**
 * The guards of a PIN step, for a machine whose `entry` event carries the digest of the PIN entered:
 * an attempt is left, this is the last one, and the PIN matches the one sent (in constant time).
 */
export const pinGuards = (entry: string) => ({
  attemptsLeft: ({ context }: PinStep) => context.pinAttempts < MAX_PIN_ATTEMPTS,
  lastAttempt: ({ context }: PinStep) => context.pinAttempts === MAX_PIN_ATTEMPTS - 1,
  pinMatches: ({ context, event }: PinStep) => event.type === entry && event.pinDigest !== undefined && sameDigest(event.pinDigest, context.pinDigest),
});

/** The wrong attempts after one more (the machines' `assign({ pinAttempts: countWrongPin })`). */
export const countWrongPin = ({ context }: PinStep): number => context.pinAttempts + 1;

/** How a lifecycle words a PIN step that did not confirm. */
export interface PinAnswers {
  /** A wrong PIN while attempts are left: `<wording>; attempts left: n`, with the spec's `attempts_left`. */
  readonly wrong: ErrorCode;
  readonly wording: string;
  /** A wrong PIN that used the last attempt, when the lifecycle answers it apart (else `wrong`, with 0 left). */
  readonly exhausted?: ErrorCode;
  /** A step that counted no attempt (a subscription's approval window closed). */
  readonly uncounted?: ErrorCode;
}

/**
 * The change of a PIN step: what the refusal answers when the machine refused the PIN, the confirmed
 * aggregate, or the wrong PIN's answer (the attempt counted, and saved, either way).
 */
export function pinStep<A extends PinConfirmable, E>(before: A, applied: Applied<A, E> | undefined, confirmed: (next: A) => boolean, answers: PinAnswers, refusal: () => Refusal): Change<A, A, E> {
  const change = appliedOrRefused(before, applied, refusal);
  return applied ? { ...change, outcome: pinAnswer(before, applied.next, confirmed(applied.next), answers) } : change;
}

function pinAnswer<A extends PinConfirmable>(before: A, next: A, confirmed: boolean, answers: PinAnswers): Result<A, DomainError> {
  if (confirmed) return ok(next);
  if (answers.uncounted && next.pinAttempts === before.pinAttempts) return fail(answers.uncounted);
  const left = MAX_PIN_ATTEMPTS - next.pinAttempts;
  if (left <= 0 && answers.exhausted) return fail(answers.exhausted);
  return fail(answers.wrong, `${answers.wording}; attempts left: ${left}`, { attempts_left: left });
}
