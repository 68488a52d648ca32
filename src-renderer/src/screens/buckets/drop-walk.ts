/** Turns a drop or a file input into files with relative paths, walking dropped folders. */

export interface PickedFile {
  file: File;
  /** Path relative to the drop target, with forward slashes ("photos/2024/a.jpg"). */
  path: string;
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await fileOf(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\/+/, '') });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns batches (about 100 at a time in Chromium) until it returns an empty one.
  for (;;) {
    const batch = await readEntries(reader);
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, out);
  }
}

/**
 * Every file of a drop. Entries are taken synchronously (the DataTransfer empties after the
 * event); plain files without an entry (synthetic drops) fall back to `files`.
 */
export async function filesFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) loose.push(...Array.from(data.files));
  const out: PickedFile[] = loose.map((file) => ({ file, path: file.name }));
  for (const entry of entries) await walk(entry, out);
  return out;
}

/** Files of an `<input type=file>`; a folder picker (webkitdirectory) gives relative paths. */
export function filesFromInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
