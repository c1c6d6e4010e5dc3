import { products } from '../../../shared/resources/products.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/**
 * Produtos (DOMAIN §3): list, form and history from the shared definition. The form edits the
 * product's own fields; its bill of materials and production costs are kept by the API as they
 * are until the line table edits them.
 */
export default createResourceArea(products);
