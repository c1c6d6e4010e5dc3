import { defineNameLookup } from './name-lookup.js';

export const brands = defineNameLookup({
  path: 'brands',
  area: 'brands',
  label: 'Marcas',
  singular: 'Marca',
  gender: 'f',
});
