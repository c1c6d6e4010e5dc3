import { createContext, useContext } from 'react';
import type { ResourceRow } from './resource-row.js';

/**
 * Opens the drawer that creates a row of `resource` ("+ Novo" in a picker) and hands the saved
 * row to `onCreated`. A context, not an import: the drawer's form is made of the generic fields,
 * which contain pickers themselves, so the picker cannot import the drawer.
 */
export type OpenCreateDrawer = (resource: string, onCreated: (row: ResourceRow) => void) => void;

/** Null where no drawer is offered: outside AppLayout (the login) and in the drawer itself. */
export const ReferenceCreateContext = createContext<OpenCreateDrawer | null>(null);

export const useReferenceCreate = () => useContext(ReferenceCreateContext);
