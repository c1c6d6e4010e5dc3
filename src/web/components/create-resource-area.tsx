import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import type { ResourceDefinition } from '../../shared/resource.js';
import { paths } from '../lib/paths.js';
import type { ResourceFormOptions } from './resource-form-options.js';
import { ResourceFormPage } from './resource-form-page.js';
import { ResourceListPage } from './resource-list-page.js';

interface ResourceAreaOptions {
  form?: ResourceFormOptions;
}

/**
 * The path the area is mounted at (`/client`), read from the router: the area's route is
 * `<path>/*`, so the address minus what the `*` matched.
 */
export function useAreaBasePath(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = rest ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return base.replace(/\/+$/, '');
}

/**
 * The default export of a master-data area's chunk (app/area-routes.ts): the list at the
 * index, the one form at `new` and `:id`. An area file is then just
 * `export default createResourceArea(brands);`.
 */
export function createResourceArea(
  definition: ResourceDefinition,
  options: ResourceAreaOptions = {},
) {
  function ResourceArea() {
    const basePath = useAreaBasePath();
    const form = (
      <ResourceFormPage definition={definition} basePath={basePath} options={options.form} />
    );
    return (
      <Routes>
        <Route index element={<ResourceListPage definition={definition} basePath={basePath} />} />
        <Route path="new" element={form} />
        <Route path=":id" element={form} />
        <Route path="*" element={<Navigate to={paths.notFound} replace />} />
      </Routes>
    );
  }
  ResourceArea.displayName = `ResourceArea(${definition.path})`;
  return ResourceArea;
}
