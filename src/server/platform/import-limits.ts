import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { AppError } from './errors.js';

/**
 * What one spreadsheet import may ask of the server, so that no upload can stop it for everyone
 * (docs/decisions.md, "Imports: limits and responsiveness"). The file is read row by row and
 * checked with pauses for the event loop; these bound how long and how much memory that takes.
 */
export const IMPORT_LIMITS = {
  /** The uploaded file. */
  uploadBytes: 20 * 1024 * 1024,
  /** Data rows: the non-blank rows after the header. */
  rows: 50_000,
  /** Columns of a row (an export has fewer than 30). */
  columns: 1_000,
  /** Characters in one cell (the longest field, notes, takes 2,000). */
  cellLength: 10_000,
  /** An XLSX's entries added up, as its zip directory declares them and as they inflate. */
  unpackedBytes: 100 * 1024 * 1024,
  /**
   * An entry over 1 MB that unpacks to more than this many times its packed size is a zip bomb:
   * a spreadsheet's XML packs 5 to 20 times (Fabril's 50,000-client export: 9).
   */
  compressionRatio: 100,
  /** Imports running at once in one server process; one more answers 429. */
  concurrent: 2,
} as const;

const MEGABYTE = 1024 * 1024;

/** 400: the file cannot be imported as it is; `fields` maps "<line>.<field>" to the problem. */
export class ImportInvalidError extends AppError {
  constructor(message: string, fields: Record<string, string> = {}) {
    super(400, ErrorCode.IMPORT_INVALID, message, fields);
  }
}

/** 413: the file, once read, is more than an import takes. */
export class ImportTooLargeError extends AppError {
  constructor(message: string) {
    super(413, ErrorCode.FILE_TOO_LARGE, message);
  }

  static upload() {
    return new ImportTooLargeError(
      messages.imports.fileTooLarge(IMPORT_LIMITS.uploadBytes / MEGABYTE),
    );
  }

  static unpacked() {
    return new ImportTooLargeError(
      messages.imports.unpackedTooLarge(IMPORT_LIMITS.unpackedBytes / MEGABYTE),
    );
  }
}

let running = 0;

/**
 * Takes one of the `concurrent` import slots of this process: the function that gives it back,
 * or null when all are taken. Per process by design: the limit protects this process's memory.
 */
export function takeImportSlot(): (() => void) | null {
  if (running >= IMPORT_LIMITS.concurrent) return null;
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
  };
}
