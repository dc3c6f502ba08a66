/** Edit distances of a query against a candidate: to the whole candidate and to its best-matching prefix. */
export interface EditDistances {
  readonly full: number;
  readonly prefix: number;
}

const FAR: EditDistances = { full: Number.POSITIVE_INFINITY, prefix: Number.POSITIVE_INFINITY };

/**
 * Optimal-string-alignment distance (insert, delete, substitute, swap two neighbours) of `query` to
 * `candidate` and to the candidate's closest prefix; gives up (infinite) once every path exceeds `max`.
 */
export function editDistances(query: string, candidate: string, max: number): EditDistances {
  const n = query.length;
  const m = candidate.length;
  if (Math.abs(n - m) > max && m < n) return FAR;
  let before = new Int32Array(m + 1);
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    const qc = query.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cc = candidate.charCodeAt(j - 1);
      const cost = qc === cc ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && qc === candidate.charCodeAt(j - 2) && query.charCodeAt(i - 2) === cc) {
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return FAR;
    [before, previous, current] = [previous, current, before];
  }
  let prefix = Number.POSITIVE_INFINITY;
  for (let j = 0; j <= m; j++) prefix = Math.min(prefix, previous[j] ?? prefix);
  return { full: previous[m] ?? Number.POSITIVE_INFINITY, prefix };
}

/** How many edits a query of this length may carry and still count as a typo of something. */
export function allowedEdits(length: number): number {
  return length <= 5 ? 1 : length <= 9 ? 2 : 3;
}
