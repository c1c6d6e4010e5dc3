import { clients } from '../../../shared/resources/clients.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Clientes (DOMAIN §3): list, form and history from the shared definition. */
export default createResourceArea(clients);
