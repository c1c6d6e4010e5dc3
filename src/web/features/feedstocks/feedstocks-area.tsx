import { feedstocks } from '../../../shared/resources/feedstocks.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Insumos (DOMAIN §3): list, form and history from the shared definition. */
export default createResourceArea(feedstocks);
