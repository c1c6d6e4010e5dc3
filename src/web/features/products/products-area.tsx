import { products } from '../../../shared/resources/products.js';
import { createResourceArea } from '../../components/create-resource-area.js';
import { itemMovementsNotice } from '../../components/item-movements-link.js';
import { productLineFields } from './product-line-fields.js';
import { productLinesPart } from './product-lines.js';

/**
 * Produtos (DOMAIN §3): list, form and history from the shared definition; the form of a
 * manufactured product also edits its bill of materials ("Ficha técnica") and production costs in
 * line tables, a new one's too: it starts "Fabricado" (what a manufacturer registers most), so
 * they are filled and saved with the product in one request; "Revenda" is one click away.
 */
export default createResourceArea(products, {
  // The standard cost is shown by the lines, to its 4 places and beside an estimate.
  form: {
    newValues: { origin: 'MANUFACTURED' },
    part: productLinesPart,
    shownByPart: ['standardCost'],
    historyFields: productLineFields,
    notice: itemMovementsNotice,
  },
});
