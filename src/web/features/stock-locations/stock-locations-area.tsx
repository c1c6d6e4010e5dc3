import { stockLocations } from '../../../shared/resources/stock-locations.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Locais de Estoque (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(stockLocations);
