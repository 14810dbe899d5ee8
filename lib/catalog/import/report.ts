import type { EventRecord, WithdrawalRecord } from '../record';
import type { EventKey } from './withdrawals';

// What an import is asked to do and what it answers: the options the CLI and the
// start-up pass, the report they print, and the numbered lines between the steps.

export type LineFailure = { line: number; reason: string };
export type ImportReport = {
  lines: number;
  imported: number;
  /** Events withdrawn: by a withdrawal line, or (a whole catalog) missing from the file. */
  withdrawn: number;
  failed: LineFailure[];
  /** A whole catalog: brands whose missing events were not withdrawn, and why. */
  refused?: { brand: string; reason: string }[];
  /** A dry run: what the import would have done, nothing written. */
  plan?: ImportPlan;
};
export type ImportPlan = { added: number; changed: number; unchanged: number; withdrawn: EventKey[]; blocked: EventKey[] };
export type ImportProgress = { lines: number; imported: number; failed: number };
export type ImportOptions = {
  /** The file is the whole catalog of the brands it names: their events it lacks are withdrawn. */
  whole?: boolean;
  /** A whole catalog withdraws at most this share of a brand's events (0..1) unless raised; default 0.1. */
  maxWithdrawShare?: number;
  /** Slugs withdrawn from a different event may be given to the events of this import. */
  reinstate?: boolean;
  /** Reads and compares, writes nothing; the report's `plan` says what would change. */
  dryRun?: boolean;
  /** A stream: the lines held are committed when the next one takes longer than this to come (milliseconds). */
  flushAfterMs?: number;
};
export type Numbered = { line: number; record: EventRecord };
export type NumberedWithdrawal = { line: number; withdrawal: WithdrawalRecord };
