import { defineNameLookup } from './name-lookup.js';

export const materialTypes = defineNameLookup({
  path: 'material-types',
  area: 'materialTypes',
  label: 'Tipos de Materiais',
  singular: 'Tipo de material',
  gender: 'm',
});
