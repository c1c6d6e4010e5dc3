import { categories } from '../../../shared/resources/categories.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Categorias (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(categories);
