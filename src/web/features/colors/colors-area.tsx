import { colors } from '../../../shared/resources/colors.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Cores (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(colors);
