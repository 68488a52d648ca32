/** The attributes the service keeps in a zone file's inline comment: `; <comment> cf_tags=a,b:c`. */

export interface CommentAttributes {
  comment: string | null;
  tags: string[];
  /** From the reserved tag `cf-proxied:true|false`. */
  proxied?: boolean;
  /** From the reserved tag `cf-flatten-cname`. */
  flattenCname?: boolean;
}

const MARK = 'cf_tags=';

/** Splits a tag list (`a,b:c,d:"x, y"`), honouring JSON-quoted values. */
export function parseTagList(text: string): string[] {
  const tags: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === ',') i++;
    if (i >= text.length) break;
    let name = '';
    while (i < text.length && text[i] !== ':' && text[i] !== ',') name += text[i++];
    if (text[i] !== ':') {
      tags.push(name.trim());
      continue;
    }
    i++;
    let value = '';
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      try {
        value = JSON.parse(text.slice(i, j + 1)) as string;
      } catch {
        value = text.slice(i + 1, j);
      }
      i = j + 1;
      while (i < text.length && text[i] !== ',') i++;
    } else {
      while (i < text.length && text[i] !== ',') value += text[i++];
      value = value.trim();
    }
    tags.push(`${name.trim()}:${value}`);
  }
  return tags.filter((t) => t.length > 0);
}

/** Reads comment text, tags and the reserved proxy/flattening tags from an inline comment. */
export function parseCommentAttributes(raw: string): CommentAttributes {
  const text = raw.startsWith(' ') ? raw.slice(1) : raw;
  const at = text.lastIndexOf(MARK);
  const commentText = at < 0 ? text : text.slice(0, at).replace(/ $/, '');
  const out: CommentAttributes = { comment: commentText.trim() === '' ? null : commentText, tags: [] };
  if (at < 0) return out;
  for (const tag of parseTagList(text.slice(at + MARK.length))) {
    const lower = tag.toLowerCase();
    if (lower === 'cf-proxied:true' || lower === 'cf-proxied:false') out.proxied = lower.endsWith('true');
    else if (lower === 'cf-flatten-cname' || lower === 'cf-flatten-cname:true') out.flattenCname = true;
    else out.tags.push(tag);
  }
  return out;
}

const formatTag = (tag: string): string => {
  const i = tag.indexOf(':');
  if (i < 0) return tag;
  const value = tag.slice(i + 1);
  return /["=,\\]/.test(value) ? `${tag.slice(0, i)}:${JSON.stringify(value)}` : tag;
};

/** Writes the inline comment (without the leading `;`), or '' when there is nothing to say. */
export function formatCommentAttributes(attrs: CommentAttributes): string {
  const tags = [...attrs.tags];
  if (attrs.proxied !== undefined) tags.push(`cf-proxied:${attrs.proxied}`);
  if (attrs.flattenCname) tags.push('cf-flatten-cname');
  const comment = attrs.comment ?? '';
  // A comment that itself holds the marker gets a trailing marker so the last one is ours.
  const needsMark = tags.length > 0 || comment.includes(MARK);
  if (!comment && !needsMark) return '';
  const parts = [comment, needsMark ? `${MARK}${tags.map(formatTag).join(',')}` : ''].filter((p) => p !== '');
  return ` ${parts.join(' ')}`;
}
