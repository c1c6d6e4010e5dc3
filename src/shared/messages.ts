import { formatDecimal } from './money.js';

/** "1 registro", "100.000 registros". */
const records = (count: number) =>
  count === 1 ? '1 registro' : `${formatDecimal(count, 0)} registros`;

/** Every pt-BR message the product shows, so that wording is decided in one place. */
export const messages = {
  required: 'Preenchimento obrigatório',
  notANumber: 'Valor deve ser um número',
  outOfRange: 'Valor está fora do intervalo',
  invalidEmail: 'Email inválido',
  invalid: 'Valor inválido',
  mismatch: 'Valores não coincidem',
  pattern: 'Valor não corresponde ao padrão',
  wrongLength: 'Tamanho incorreto',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  invalidCep: 'CEP inválido',
  invalidPhone: 'Telefone inválido',
  invalidUf: 'UF inválida',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  deleteConfirm: 'Tem certeza que deseja eliminar este registro?',
  saved: 'Registro salvo com sucesso.',
  deleted: 'Registro excluído com sucesso.',
  /** A list's total: "1 registro", "100.000 registros". */
  recordCount: records,
  imported: (count: number) => `${records(count)} ${count === 1 ? 'importado' : 'importados'}.`,
  errors: {
    badRequest: 'Dados inválidos. Verifique os campos destacados.',
    unauthorized: 'Sessão expirada ou inválida. Entre novamente.',
    invalidCredentials: 'E-mail ou senha inválidos.',
    tooManyAttempts: 'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
    forbidden: 'Você não tem permissão para esta ação.',
    csrf: 'Requisição recusada por segurança. Recarregue a página e tente novamente.',
    notFound: 'Registro não encontrado.',
    routeNotFound: 'Endereço não encontrado.',
    staleVersion: 'Este registro foi alterado por outro usuário. Recarregue e tente novamente.',
    duplicate: 'Já existe um registro com este valor.',
    inUse: 'Registro em uso; inative-o em vez de excluir.',
    missingReference: 'O registro relacionado não existe.',
    internal:
      'Erro inesperado no servidor. Tente novamente; se persistir, informe o código da requisição.',
    network: 'Não foi possível falar com o servidor. Verifique a conexão.',
    wrongCurrentPassword: 'Senha atual incorreta.',
  },
} as const;
