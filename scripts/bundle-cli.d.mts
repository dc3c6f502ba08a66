/** Writes the bundled omsdesk command to `outdir` (its entry is `omsdesk.js`). */
export function bundleCli(outdir: string): Promise<void>;
