import { brands } from '../../../shared/resources/brands.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Marcas (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(brands);
