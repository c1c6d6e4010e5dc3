import { sizes } from '../../../shared/resources/sizes.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Tamanhos (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(sizes);
