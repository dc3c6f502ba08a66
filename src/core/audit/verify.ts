import { type AnchorOptions, anchorSigned } from './anchor.js';
import { ChainVerifier } from './chain.js';
import { readCheckpoint } from './checkpoint.js';
import { type AnchorState, type LogPoint, readAnchorState, START } from './log-point.js';
import { type ReadCounts, readAuditLines } from './read.js';

/** The outcome of checking a whole audit log (and its anchor, when one is given). */
export type AuditVerdict =
  | {
      readonly ok: true;
      readonly entries: number;
      readonly lastHash: string;
      /** Where the last line ends. */
      readonly end: LogPoint;
      /** Lines the anchor vouches for, when an anchor was checked. */
      readonly anchoredLines?: number;
    }
  | {
      readonly ok: false;
      readonly entries: number;
      /** The first line found wrong, when the problem is a line. */
      readonly line?: number;
      readonly problem: string;
    };

/**
 * Streams a log through the chain check (from `from`, a point already vouched for, or from its start,
 * to byte `end` or its end)
 * and checks the anchor: a log shorter than its anchor lost lines at the end; a line at the anchored
 * count with another hash means the log was rewritten and re-chained; more than one line past the
 * anchor was added behind its back (a crash can leave exactly one, written just before the anchor was
 * updated); a signed checkpoint past the anchor means log and anchor were rolled back together.
 * Starting from a point needs an anchor at or after it.
 */
export async function checkAuditLog(
  path: string,
  state: AnchorState | undefined,
  options: { readonly from?: LogPoint; readonly end?: number; readonly counts?: ReadCounts } = {},
): Promise<AuditVerdict> {
  const anchor = state?.anchor;
  const from = options.from ?? START;
  let end = from;
  const chain = new ChainVerifier({ count: from.lines, head: from.head });
  let headAtAnchor = typeof anchor === 'object' && anchor.lines === from.lines ? from.head : undefined;
  const range = { start: from.bytes, ...(options.end === undefined ? {} : { end: options.end }) };
  for await (const line of readAuditLines(path, range, options.counts)) {
    const step = chain.next(line.text);
    if ('problem' in step)
      return { ok: false, entries: chain.count, line: chain.count + 1, problem: step.problem };
    if (typeof anchor === 'object' && chain.count === anchor.lines) headAtAnchor = chain.head;
    end = { lines: chain.count, bytes: line.end, lastLineAt: line.start, head: chain.head };
  }
  const entries = chain.count;
  const sound = { ok: true as const, entries, lastHash: chain.head, end };
  if (state === undefined) return sound;
  const broken = (problem: string, line?: number): AuditVerdict => ({
    ok: false,
    entries,
    problem,
    ...(line === undefined ? {} : { line }),
  });
  const where = state.options.path;
  if (anchor === undefined) {
    return entries === 0
      ? { ...sound, anchoredLines: 0 }
      : broken(
          `no anchor at ${where}, yet omsdesk writes one with every line: lines may have been cut from the end ` +
            '(if the log is whole and was moved here on purpose, anchor it with "omsdesk audit anchor")',
        );
  }
  if (anchor === 'malformed') return broken(`the anchor at ${where} is damaged`);
  if (state.key === undefined)
    return broken(`the anchor key ${state.options.keyPath} is missing: restore it to check the anchor`);
  if (!anchorSigned(state.key, anchor))
    return broken(`the anchor at ${where} was altered, or signed with another key`);
  if (entries < anchor.lines) {
    return broken(
      `the anchor records ${anchor.lines} lines but the log has ${entries}: lines were cut from the end`,
      entries + 1,
    );
  }
  if (anchor.lines > 0 && headAtAnchor !== anchor.head) {
    return broken(
      `line ${anchor.lines} is not the line that was anchored: the log was rewritten and its chain re-hashed`,
      anchor.lines,
    );
  }
  if (entries > anchor.lines + 1) {
    return broken(
      `${entries - anchor.lines} lines follow the last anchored line; at most one can (written just before a crash)`,
      anchor.lines + 2,
    );
  }
  // The checkpoint is written only after the anchor reached it: one further on is a newer log's, and
  // this log and its anchor an older copy put back in its place.
  const checkpoint = await readCheckpoint(`${path}.checkpoint`, state.key);
  if (checkpoint !== undefined && !('problem' in checkpoint) && checkpoint.lines > anchor.lines) {
    return broken(
      `the signed checkpoint ${path}.checkpoint records ${checkpoint.lines} lines but the log and its anchor ${anchor.lines}: ` +
        'the log was rolled back (an older copy put in its place); lines after it are missing',
    );
  }
  return { ...sound, anchoredLines: anchor.lines };
}

/** Checks an audit log file, and its anchor when given; a missing file is an empty, valid log. */
export async function verifyAuditLog(path: string, anchor?: AnchorOptions): Promise<AuditVerdict> {
  return checkAuditLog(path, anchor === undefined ? undefined : await readAnchorState(anchor));
}
