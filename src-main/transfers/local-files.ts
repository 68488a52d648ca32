/**
 * What `transfers.uploadPaths` accepts. The renderer names local paths (Electron: from
 * `webUtils.getPathForFile` of a dropped or picked file), and main reads them. We accept only
 * absolute paths of regular files: a directory, a device (`/dev/zero` never ends), a FIFO (an
 * open that blocks forever) or a socket is refused before any job exists, with the path and the
 * reason. A path that is missing right now still becomes a job that fails and can be retried
 * (the file may be written a moment later).
 *
 * Trust decision (documented for the lead): main reads any regular file the user can read when
 * the renderer names it. The bytes go only into a local bucket; they never flow back to the
 * renderer (downloads write only paths granted by the save dialog, and object metadata carries
 * no body), so a compromised renderer cannot use this to read files. Binding paths to the files
 * the preload actually saw would need a grant table in the preload and the shell.
 */
import { isAbsolute } from 'node:path';
import { stat } from 'node:fs/promises';
import type { AppErrorShape } from '../../src-preload/contract';

/** `path` is the argument's path (`files.3.path`), as in other form errors; `file` the local path. */
export interface PathIssue {
  path: string;
  file: string;
  message: string;
}

/** One or more upload paths are not regular files; presented as a form error on `files`. */
export class UploadPathError extends Error {
  constructor(readonly issues: PathIssue[]) {
    const first = issues[0];
    super(
      issues.length === 1 && first
        ? first.message
        : `${issues.length} of the chosen paths cannot be uploaded (first: ${first?.message ?? 'unknown'}).`,
    );
    this.name = 'UploadPathError';
  }

  toAppError(): AppErrorShape {
    return { code: 'INVALID_ARGUMENT', message: this.message, details: { field: 'files', issues: this.issues } };
  }
}

/** Why `path` cannot be uploaded, or null when it is a regular file (or missing for now). */
export async function uploadPathProblem(path: string): Promise<string | null> {
  if (!isAbsolute(path)) return `${path} is not an absolute path.`;
  let s;
  try {
    s = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? null : `${path} cannot be read (${code ?? (e as Error).message}).`;
  }
  if (s.isDirectory()) return `${path} is a folder; upload a folder by dropping it or with "Upload folder", which sends its files.`;
  if (!s.isFile()) return `${path} is not a regular file (a device, pipe or socket) and cannot be uploaded.`;
  return null;
}

/** Throws UploadPathError naming every path that is not an uploadable regular file. */
export async function assertUploadablePaths(paths: readonly string[]): Promise<void> {
  const issues: PathIssue[] = [];
  // Stats in groups of 64: 100,000 dropped files must not start 100,000 stats at once.
  for (let i = 0; i < paths.length; i += 64) {
    const group = paths.slice(i, i + 64);
    const problems = await Promise.all(group.map(uploadPathProblem));
    problems.forEach((message, j) => {
      if (message) issues.push({ path: `files.${i + j}.path`, file: group[j] as string, message });
    });
  }
  if (issues.length > 0) throw new UploadPathError(issues);
}
