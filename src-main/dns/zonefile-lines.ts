/** Splits zone-file text into logical entries: comments cut off, parenthesised groups joined. */

export interface LogicalLine {
  /** 1-based line number where the entry starts. */
  line: number;
  /** The entry's text without comments and parentheses. */
  text: string;
  /** True when the entry starts with blank space (owner omitted: the previous one applies). */
  continuesOwner: boolean;
  /** Text of the first inline comment (after `;`), if any. */
  comment: string | null;
}

/** Separates the data part of a physical line from its `;` comment, ignoring `;` inside quotes. */
function splitComment(line: string): { data: string; comment: string | null } {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) return { data: line.slice(0, i), comment: line.slice(i + 1) };
  }
  return { data: line, comment: null };
}

/** Groups the physical lines of a zone file into logical entries. */
export function logicalLines(text: string): { entries: LogicalLine[]; errors: { line: number; message: string }[] } {
  const physical = text.split(/\r?\n/);
  const entries: LogicalLine[] = [];
  const errors: { line: number; message: string }[] = [];
  let open: LogicalLine | null = null;
  let depth = 0;
  physical.forEach((raw, idx) => {
    const { data, comment } = splitComment(raw);
    let cleaned = '';
    let quoted = false;
    for (let i = 0; i < data.length; i++) {
      const c = data[i] ?? '';
      if (c === '\\') {
        cleaned += c + (data[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === '"') quoted = !quoted;
      if (!quoted && c === '(') {
        depth++;
        cleaned += ' ';
      } else if (!quoted && c === ')') {
        depth--;
        cleaned += ' ';
      } else cleaned += c;
    }
    if (depth < 0) {
      errors.push({ line: idx + 1, message: "Unbalanced ')'" });
      depth = 0;
      return;
    }
    if (open) {
      open.text += ` ${cleaned}`;
      if (open.comment === null && comment !== null) open.comment = comment;
    } else if (cleaned.trim() !== '') {
      open = { line: idx + 1, text: cleaned, continuesOwner: /^[ \t]/.test(cleaned), comment };
    }
    if (depth === 0 && open) {
      entries.push({ ...open, text: open.text.trim() });
      open = null;
    }
  });
  if (open !== null) errors.push({ line: (open as LogicalLine).line, message: "Unbalanced '(': missing ')'" });
  return { entries, errors };
}
