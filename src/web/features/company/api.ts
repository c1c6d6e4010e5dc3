import { useQueryClient } from '@tanstack/react-query';
import {
  companyUpdateSchema,
  type CertificateUpload,
  type Company,
  type CompanyInput,
} from '../../../shared/resources/company.js';
import { companyQuery } from '../../lib/company-query.js';
import { http } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * The company settings' writes. The row they answer is the one cache entry the dashboard and this
 * screen read (lib/company-query.ts); the footer reads the public facts through their own request,
 * so it is read again.
 */
const footer = [queryKeys.company.public()];

/** "Salvar": 400 goes next to the fields, 409 (someone saved first) to the form's Alert. */
export function useSaveCompany(callbacks: MutationCallbacks<Company, CompanyInput>) {
  const client = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: (input: CompanyInput) =>
      http.put<Company>('/company', companyUpdateSchema.parse(input), { silent: [400, 409] }),
    invalidates: footer,
    ...callbacks,
    onSuccess: (row, ...rest) => {
      client.setQueryData(queryKeys.company.detail(), row);
      return callbacks.onSuccess?.(row, ...rest);
    },
  });
}

/** "Recarregar" after a refusal: the row as it is now, read past the cache (which it refills). */
export function useReloadCompany(callbacks: MutationCallbacks<Company>) {
  const client = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: () => client.fetchQuery({ ...companyQuery(), staleTime: 0 }),
    invalidates: footer,
    ...callbacks,
  });
}

/**
 * The A1 certificate: the file and its password travel once, as multipart; the company is read
 * again for what the screen shows of the certificate. 422 (wrong password, another CNPJ…) goes
 * next to the dialog's fields.
 */
export function useUploadCertificate(
  callbacks: MutationCallbacks<CertificateUpload, { file: File; password: string }>,
) {
  return useInvalidatingMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => {
      const form = new FormData();
      form.append('password', password);
      form.append('file', file, file.name);
      return http.upload<CertificateUpload>('/company/certificate', form, { silent: [422] });
    },
    invalidates: [queryKeys.company.detail()],
    ...callbacks,
  });
}

export function useRemoveCertificate(callbacks: MutationCallbacks<void>) {
  return useInvalidatingMutation({
    mutationFn: () => http.delete('/company/certificate'),
    invalidates: [queryKeys.company.detail()],
    ...callbacks,
  });
}
