import { feedstocks } from '../../../shared/resources/feedstocks.js';
import { createResourceArea } from '../../components/create-resource-area.js';
import { itemMovementsNotice } from '../../components/item-movements-link.js';

/** Insumos (DOMAIN §3): list, form and history from the shared definition, and a way to the stock. */
export default createResourceArea(feedstocks, { form: { notice: itemMovementsNotice } });
