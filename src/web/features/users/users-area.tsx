import { userUpdateSchema, users } from '../../../shared/resources/users.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/**
 * Usuários (DOMAIN §10): a password and its confirmation are required to create a user; on an
 * edit they may stay blank to keep the current password.
 */
export default createResourceArea(users, { form: { editSchema: userUpdateSchema } });
