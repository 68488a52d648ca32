/** Object keys as folders (pure): breadcrumbs, display names, sorting, and where uploads land. */
import type { ObjectSummary } from '../../../../src-preload/contract/buckets';

export interface Crumb {
  label: string;
  prefix: string;
}

/** "a/b/" → [{a, "a/"}, {b, "a/b/"}]. */
export function breadcrumbs(prefix: string): Crumb[] {
  const parts = prefix.split('/').filter((_, i, all) => i < all.length - 1);
  return parts.map((label, i) => ({ label: label || '(empty)', prefix: `${parts.slice(0, i + 1).join('/')}/` }));
}

/** The part of `key` after the folder prefix (a folder keeps no trailing slash). */
export function displayName(key: string, prefix: string): string {
  const rest = key.startsWith(prefix) ? key.slice(prefix.length) : key;
  return rest.endsWith('/') ? rest.slice(0, -1) || '(empty)' : rest;
}

/** A user-typed folder name → a prefix under `parent`; undefined when the name cannot be a folder. */
export function folderPrefix(parent: string, name: string): string | undefined {
  const clean = name.trim().replace(/^\/+|\/+$/g, '');
  if (!clean || clean.split('/').some((p) => p === '' || p === '.' || p === '..')) return undefined;
  return `${parent}${clean}/`;
}

/** Key of an uploaded file: the folder prefix plus its relative path with forward slashes. */
export function uploadKey(prefix: string, relativePath: string): string {
  return prefix + relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
}

export type SortField = 'name' | 'size' | 'date';

/** Sorts loaded objects (folders are listed separately, always first). */
export function sortObjects(objects: readonly ObjectSummary[], field: SortField, ascending: boolean): ObjectSummary[] {
  if (field === 'name' && ascending) return objects as ObjectSummary[]; // the store lists in key order already
  const dir = ascending ? 1 : -1;
  const by =
    field === 'size'
      ? (a: ObjectSummary, b: ObjectSummary) => a.size - b.size
      : field === 'date'
        ? (a: ObjectSummary, b: ObjectSummary) => a.uploaded.localeCompare(b.uploaded)
        : (a: ObjectSummary, b: ObjectSummary) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return [...objects].sort((a, b) => by(a, b) * dir || (a.key < b.key ? -1 : 1));
}
