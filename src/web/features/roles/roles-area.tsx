import { Alert } from 'antd';
import { roles } from '../../../shared/resources/roles.js';
import { createResourceArea } from '../../components/create-resource-area.js';
import { PermissionsMatrix } from './permissions-matrix.js';

/**
 * Perfis de Usuários (DOMAIN §10): the generic form, with the permissions as a matrix. The
 * built-in administrator keeps every permission, stays active and cannot be deleted.
 */
export default createResourceArea(roles, {
  form: {
    customFields: {
      permissions: ({ row, disabled }) => (
        <PermissionsMatrix disabled={disabled} allGranted={row?.isSystem === true} />
      ),
    },
    lockedFields: (row) => (row.isSystem ? ['permissions', 'active'] : []),
    canDelete: (row) => !row.isSystem,
    notice: (row) =>
      row.isSystem ? (
        <Alert
          type="info"
          showIcon
          title="Perfil do sistema: tem todas as permissões, fica sempre ativo e não pode ser excluído."
        />
      ) : null,
  },
});
