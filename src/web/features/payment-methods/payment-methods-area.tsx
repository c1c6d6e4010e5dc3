import { paymentMethods } from '../../../shared/resources/payment-methods.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Formas Pagamento/Recebimento (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(paymentMethods);
