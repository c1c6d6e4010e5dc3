import { feedstocks } from '../../../shared/resources/feedstocks.js';
import { createResourceArea } from '../../components/create-resource-area.js';
import { feedstockNotice } from './buy-link.js';

/**
 * Insumos (DOMAIN §3): list, form and history from the shared definition, a way to the stock and
 * "Comprar" when below the minimum.
 */
export default createResourceArea(feedstocks, { form: { notice: feedstockNotice } });
