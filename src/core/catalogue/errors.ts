/** Why a master file cannot be read at all (a row that cannot be read is skipped and counted instead). */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  /** Required columns the header lacks. */
  readonly missingColumns: readonly string[];

  constructor(message: string, missingColumns: readonly string[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.missingColumns = missingColumns;
  }
}
