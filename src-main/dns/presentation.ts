/** Tokenising and quoting of RFC 1035 presentation text (zone files and record `content`). */

export interface Token {
  text: string;
  quoted: boolean;
  /** Offset of the token's first character in the source (the quote for quoted tokens). */
  start: number;
}

/** Splits presentation text into tokens; quoted strings keep spaces and have `\"` / `\\` unescaped. */
export function tokenize(src: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    const start = i;
    if (ch === '"') {
      let text = '';
      i++;
      let closed = false;
      while (i < src.length) {
        const c = src[i];
        if (c === '\\' && i + 1 < src.length) {
          text += src[i + 1];
          i += 2;
          continue;
        }
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        text += c;
        i++;
      }
      if (!closed) return null;
      tokens.push({ text, quoted: true, start });
      continue;
    }
    while (i < src.length && src[i] !== ' ' && src[i] !== '\t') i++;
    tokens.push({ text: src.slice(start, i), quoted: false, start });
  }
  return tokens;
}

/** Quotes a string for presentation, escaping quotes and backslashes. */
export function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Parses a non-negative decimal integer token; null when it is not one. */
export function parseUint(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
  return Number(text);
}

/** Parses a decimal number token (LOC seconds, metres); null when it is not one. */
export function parseDecimal(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
