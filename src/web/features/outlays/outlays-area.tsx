import { outlays } from '../../../shared/resources/outlays.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Custos de Produção (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(outlays);
