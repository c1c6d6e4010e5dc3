import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter } from './testing/master-data-helpers.js';

const api = useTestApi();

crudContract(api, {
  path: 'material-types',
  table: 'material_types',
  make: (n, tag) => ({ name: `${tag} Tipo ${letter(n)}`, active: n % 2 === 0 }),
  edit: (row) => ({ name: `${String(row.name)} editado`, active: !row.active }),
  duplicate: (n, tag) => ({ name: `  ${tag.toUpperCase()} TIPO ${letter(n).toUpperCase()} ` }),
  duplicateError: { name: 'Já existe um tipo de material com este nome.' },
  required: ['name'],
  maxLengths: { name: 60 },
});
