import { products } from '../../../shared/resources/products.js';
import { createResourceArea } from '../../components/create-resource-area.js';
import { itemMovementsNotice } from '../../components/item-movements-link.js';
import { productLineFields } from './product-line-fields.js';
import { productLinesPart } from './product-lines.js';

/**
 * Produtos (DOMAIN §3): list, form and history from the shared definition; the form of a
 * manufactured product also edits its bill of materials and production costs in line tables.
 */
export default createResourceArea(products, {
  // The standard cost is shown by the lines, to its 4 places and beside an estimate.
  form: {
    part: productLinesPart,
    shownByPart: ['standardCost'],
    historyFields: productLineFields,
    notice: itemMovementsNotice,
  },
});
