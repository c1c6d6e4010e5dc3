import type { Page } from '../../shared/api-error.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import type { ResourceSummary } from '../../shared/resource-output.js';
import { resources } from '../../shared/resources/index.js';
import { http, type QueryValue } from '../lib/http.js';
import { getPath } from './object-path.js';

/** A record as GET /:id answers it: the definition's fields plus identity and bookkeeping. */
export type ResourceRow = Record<string, unknown> & { id: number; version: number };
/** A row of a list: its id and the definition's list fields only (read the record for more). */
export type { ResourceSummary };

/** The definition of a referenced resource (`roles` for a user's `roleId`), if it is one. */
export function referencedDefinition(path: string | undefined): ResourceDefinition | undefined {
  if (!path) return undefined;
  return (resources as Record<string, ResourceDefinition>)[path];
}

/** The text that names a row: its title field (`name`, `code`), or `#id` when it has none. */
export function rowTitle(definition: ResourceDefinition | undefined, row: ResourceSummary): string {
  const title = definition ? getPath(row, definition.titleField) : undefined;
  return typeof title === 'string' && title !== '' ? title : `#${row.id}`;
}

export const resourceApi = {
  list: (path: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<Page<ResourceSummary>>(`/${path}`, { query, signal }),
  get: (path: string, id: number | string, signal?: AbortSignal, silent = false) =>
    http.get<ResourceRow>(`/${path}/${encodeURIComponent(String(id))}`, {
      signal,
      ...(silent ? { silent: true as const } : {}),
    }),
};
