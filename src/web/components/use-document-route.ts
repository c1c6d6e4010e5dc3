import { useLocation, useNavigate, useParams } from 'react-router';
import { useListPath } from './resource-form-page.js';

/**
 * What a document's page (`:id`) takes from the route: the id, and whether it is one at all (a
 * malformed id is "not found" without asking the server); "Voltar", to the list as the user left
 * it (page, filters); and the way to its form for "Editar", handing on the list's search so the
 * form's Voltar and Salvar come back to that same list.
 */
export function useDocumentRoute(basePath: string) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const listPath = useListPath(basePath);
  return {
    id,
    validId: /^\d{1,15}$/.test(id),
    back: () => navigate(listPath),
    openEdit: (documentId: number) =>
      navigate(`${basePath}/${documentId}/edit`, { state: location.state }),
  };
}
