import { formatInteger } from './digit-groups.js';

/** "1 registro", "100.000 registros". */
const records = (count: number) =>
  count === 1 ? '1 registro' : `${formatInteger(count)} registros`;

/** Every pt-BR message the product shows, so that wording is decided in one place. */
export const messages = {
  required: 'Preenchimento obrigatório',
  notANumber: 'Valor deve ser um número',
  outOfRange: 'Valor está fora do intervalo',
  mustBePositive: 'Valor deve ser maior que zero',
  /** A value that has a known rule says the rule rather than a generic text (issue 16 §8). */
  mustNotBeNegative: 'Não pode ser negativo',
  /** More decimal places than the column keeps (money 2, quantity 3, unit cost 4). */
  tooManyDecimals: (scale: number) => `No máximo ${scale} casas decimais`,
  /** A text longer than its column: the form shows it with the character counter. */
  tooLong: (max: number) => `No máximo ${formatInteger(max)} caracteres`,
  /** A date of the right shape that the calendar lacks, as typed: "Data inexistente: 31/02/2025". */
  nonexistentDate: (typed: string) => `Data inexistente: ${typed}`,
  /** A bank's code in the Brazilian payment system (COMPE): three digits, "001". */
  bankCode: 'Use 3 dígitos',
  /** An opening or competence date further ahead than a year from today. */
  dateTooFarAhead: 'A data não pode passar de um ano à frente de hoje.',
  /** A quantity with more decimal places than its unit of measurement allows (DOMAIN §2). */
  tooManyUnitDecimals: (decimals: number) =>
    decimals === 0
      ? 'A unidade não aceita casas decimais'
      : `A unidade aceita no máximo ${decimals} ${decimals === 1 ? 'casa decimal' : 'casas decimais'}`,
  invalidEmail: 'Email inválido',
  invalid: 'Valor inválido',
  mismatch: 'Valores não coincidem',
  pattern: 'Valor não corresponde ao padrão',
  wrongLength: 'Tamanho incorreto',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  invalidCep: 'CEP inválido',
  invalidPhone: 'Telefone inválido',
  invalidPixKey: 'Chave PIX inválida',
  invalidUf: 'UF inválida',
  /** An address's IBGE municipality code (NF-e `cMun`): 7 digits, of the address's UF. */
  invalidCityCode: 'O código IBGE do município tem 7 dígitos',
  cityCodeOfAnotherUf: 'Município não pertence à UF informada',
  cityCodeWithoutUf: 'Informe a UF do município',
  invalidNcm: 'NCM inválido',
  invalidGtin: 'Código de barras inválido',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  /** What a screen reader says for the buttons inside inputs (antd's own are English). */
  clear: 'Limpar',
  pickColor: 'Escolher cor',
  deleteConfirm: 'Tem certeza que deseja eliminar este registro?',
  saved: 'Registro salvo com sucesso.',
  deleted: 'Registro excluído com sucesso.',
  passwordChanged: 'Senha alterada.',
  /** An error toast's reference for support: the request id's first characters. */
  requestCode: (shortId: string) => `Código ${shortId}`,
  copyRequestCode: 'Copiar o código completo',
  copied: 'Copiado',
  /** A list's total: "1 registro", "100.000 registros". */
  recordCount: records,
  imported: (count: number) => `${records(count)} ${count === 1 ? 'importado' : 'importados'}.`,
  /** What an import refuses before checking the rows (platform/import-limits.ts). */
  imports: {
    noFile: 'Envie a planilha no campo "file" (multipart/form-data).',
    unsupported: 'Formato de arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
    unreadable:
      'Não foi possível ler a planilha. Salve-a novamente como .xlsx ou .csv e tente de novo.',
    fileTooLarge: (megabytes: number) =>
      `Arquivo grande demais: envie uma planilha de até ${megabytes} MB.`,
    unpackedTooLarge: (megabytes: number) =>
      `Planilha grande demais: descompactada, passa de ${megabytes} MB. Divida-a em arquivos menores.`,
    suspiciousCompression:
      'Planilha recusada: o conteúdo compactado é anormal para uma planilha. Salve-a novamente no Excel e tente de novo.',
    tooManyRows: (max: number) =>
      `Planilha com mais de ${formatInteger(max)} linhas de dados: divida-a em arquivos menores e importe um de cada vez.`,
    tooManyColumns: (line: number, max: number) =>
      `Nenhum registro importado: a linha ${line} passa de ${formatInteger(max)} colunas.`,
    cellTooLong: (max: number) =>
      `Texto longo demais: no máximo ${formatInteger(max)} caracteres por célula.`,
    cellTooLongAt: (line: number, column: string, max: number) =>
      `Nenhum registro importado: a linha ${line}, coluna "${column}", passa de ${formatInteger(max)} caracteres.`,
    busy: 'Outra importação está em andamento. Aguarde alguns segundos e tente novamente.',
  },
  /** The stock ledger's (DOMAIN §4). */
  financialCategories: {
    parentNotFound: 'Categoria superior não encontrada.',
    parentOfOtherKind: 'A categoria superior deve ter a mesma natureza (receita ou despesa).',
    cycle: 'Uma categoria não pode ficar abaixo dela mesma nem de uma subcategoria sua.',
    childrenOfOtherKind:
      'Altere antes a natureza das subcategorias: elas devem ter a mesma da superior.',
  },
  /** Naturezas de Operação and the products' fiscal codes (DOMAIN §8). */
  fiscal: {
    cfopDigits: 'Use 4 dígitos',
    cfopStart: (digit: string) => `Nesta operação o CFOP começa com ${digit}`,
    ipiCstDirection: (entry: boolean) =>
      entry ? 'Numa entrada o CST do IPI vai de 00 a 49' : 'Numa saída o CST do IPI vai de 50 a 99',
    classTribDigits: 'Use 6 dígitos',
    invalidCest: 'CEST inválido: use 7 dígitos',
  },
  /** Bills, payments, checking-account entries and reports (DOMAIN §9). */
  finance: {
    discountTooLarge: 'O desconto não pode ser maior que o valor da baixa.',
    categoryOfOtherKind: (kind: 'receita' | 'despesa') => `Escolha uma categoria de ${kind}.`,
    methodOfOtherUsage: (usage: 'pagamento' | 'recebimento') =>
      `Esta forma não é usada para ${usage}.`,
    inactive: 'Registro inativo: escolha um ativo.',
    notFound: 'Registro não encontrado.',
    tooSmallForInstallments: 'Valor menor que R$ 0,01 por parcela.',
    beforeOpeningDate: 'A data não pode ser anterior à data do saldo inicial da conta.',
    sameAccount: 'Escolha uma conta diferente da de origem.',
    paymentReversed: 'Esta baixa já foi estornada.',
    noPixKey: 'Cadastre a chave PIX da empresa em Empresa › Financeiro.',
    pixOnlyOpen: 'Somente uma conta em aberto tem PIX.',
    periodTooLong: 'Período longo demais: até 3 anos (366 dias por dia).',
    periodInverted: 'A data final deve ser igual ou posterior à inicial.',
    /** The DRE gerencial's results and the lines its payments make (no category). */
    dre: {
      netRevenue: 'Receita líquida',
      grossProfit: 'Lucro bruto',
      operatingResult: 'Resultado operacional',
      netResult: 'Resultado líquido',
      interestPaid: 'Juros e multas pagos',
      interestReceived: 'Juros e multas recebidos',
      discountsObtained: 'Descontos obtidos',
      discountsGranted: 'Descontos concedidos',
    },
    entryPosted: 'Lançamento registrado.',
    transferPosted: 'Transferência registrada.',
    billsCreated: (count: number) => (count > 1 ? `${count} contas criadas.` : 'Conta criada.'),
    billCancelled: 'Conta cancelada.',
    paymentPosted: (kind: 'PAY' | 'RECEIVE') =>
      kind === 'PAY' ? 'Pagamento registrado.' : 'Recebimento registrado.',
    paymentReversedDone: 'Baixa estornada.',
    pixCopied: 'Código PIX copiado',
    pixCopyFailed: 'Não foi possível copiar: selecione o código e copie-o.',
    amountFromDocument:
      'O valor de uma conta gerada por um documento não pode ser alterado; cancele o documento.',
    pixNoCity: 'Cadastre a cidade e o nome da empresa em Empresa para gerar o PIX.',
    dueBeforeIssue: 'O vencimento não pode ser anterior à emissão.',
  },
  stock: {
    futureDate: 'A data não pode ser posterior a hoje.',
    sameLocation: 'O destino deve ser diferente da origem.',
    nothingToAdjust: 'A quantidade contada é igual ao saldo: não há diferença a ajustar.',
    reversalOfReversal: 'Um estorno não pode ser estornado; lance um novo movimento.',
    posted: 'Movimentação registrada.',
    reverseConfirm: 'Estornar este movimento?',
    reverseExplained: 'Será lançado o movimento oposto, com a data de hoje.',
    reversed: 'Movimento estornado.',
    reverseThroughDocument:
      'Gerado por um documento: desfaça-o pelo documento de origem, não aqui.',
  },
  /** Ordens de Produção (DOMAIN §6). */
  productionOrders: {
    notManufactured: 'Escolha um produto fabricado.',
    noBillOfMaterials: 'O produto não tem ficha técnica.',
    notAFeedstock: 'Escolha um insumo.',
    repeatedFeedstock: 'Este insumo já está em outra linha.',
    noMaterials: 'Inclua ao menos um material.',
    endBeforeStart: 'O término previsto não pode ser anterior ao início.',
    created: 'Ordem de produção criada.',
    saved: 'Ordem de produção salva.',
    started: 'Produção iniciada.',
    completed: 'Ordem de produção concluída.',
    cancelled: 'Ordem de produção cancelada.',
    startConfirm: 'Iniciar a produção? Os materiais sairão do estoque de origem.',
    cancelConfirm: 'Cancelar a ordem de produção?',
    cancelStartedConfirm:
      'Cancelar a ordem de produção? Os materiais consumidos voltarão ao estoque de origem.',
    shortageTitle: 'Materiais insuficientes no local de origem',
    /** The production sheet (PDF). */
    sheetTitle: 'Ficha de Produção',
  },
  /** Ordens de Compra (DOMAIN §5). */
  purchaseOrders: {
    notPurchasable: 'Escolha um insumo ou um produto de revenda.',
    inactiveItem: 'Item inativo: escolha um ativo.',
    noPrice: 'Informe o preço: o item não tem último preço de compra.',
    discountTooLarge: 'O desconto não pode ser maior que o total dos itens.',
    approveNeedsLines: 'Inclua ao menos um item com valor para aprovar a ordem.',
    expectedBeforeOrder: 'A previsão não pode ser anterior à data da ordem.',
    /** `date` as screens show it: "31/01/2026". */
    receiptBeforeOrder: (date: string) =>
      `O recebimento não pode ser anterior à data da ordem (${date}).`,
    lineNotInOrder: 'Este item não está na ordem.',
    ambiguousItem: 'O item aparece em mais de uma linha da ordem; informe a linha.',
    repeatedLine: 'Esta linha já foi informada neste recebimento.',
    noLines: 'Informe ao menos um item a receber.',
    noDefaultSupplier: (items: string) => `Itens sem fornecedor padrão: ${items}.`,
    noDefaultLocation: 'Cadastre um local de estoque padrão.',
    noExpenseCategory: 'Cadastre uma categoria de despesa no Plano de Contas.',
    rawMaterialCategory: 'Matéria-prima',
    created: 'Ordem de compra criada.',
    saved: 'Ordem de compra salva.',
    approved: 'Ordem de compra aprovada.',
    received: 'Recebimento registrado.',
    closed: 'Ordem de compra encerrada.',
    cancelled: 'Ordem de compra cancelada.',
    deleted: 'Rascunho excluído.',
    closeConfirm: 'Encerrar a ordem? O que falta receber deixará de ser esperado.',
    cancelConfirm: 'Cancelar a ordem de compra?',
    deleteConfirm: 'Excluir este rascunho?',
    billDescription: (number: string, supplier: string) => `${number} — ${supplier}`,
    /** The notes of a draft bought for a sales order ("Planejar produção"). */
    forSalesOrder: (order: string) => `Compra para o pedido ${order}.`,
  },
  /** Pedidos Recebidos (DOMAIN §7, issue 19). */
  requestedOrders: {
    deliveryBeforeOrder: 'A entrega não pode ser anterior à data do pedido.',
    notSellable: 'Escolha um produto.',
    inactiveProduct: 'Produto inativo: escolha um ativo.',
    noPrice: 'Informe o preço: o produto não tem preço de venda.',
    discountTooLarge: 'O desconto não pode ser maior que o total dos itens.',
    approveNeedsLines: 'Inclua ao menos um item para aprovar o pedido.',
    noSaleOperation: 'Cadastre as naturezas de operação de venda ou escolha uma.',
    overInvoice: (left: string) => `Quantidade maior que a que falta faturar (${left}).`,
    nothingToInvoice: 'Nada a faturar: todos os itens já foram faturados.',
    deliveredInvoice: (order: string) =>
      `O pedido ${order} já foi entregue: a mercadoria volta por uma nota de devolução, não pelo cancelamento.`,
    created: 'Pedido criado.',
    saved: 'Pedido salvo.',
    approved: 'Pedido aprovado.',
    reserved: 'Reserva atualizada.',
    /** "Planejar produção", by what it made: production orders, purchase drafts, both, none. */
    planned: {
      production: 'Produção planejada para o que falta.',
      purchases: 'Compras planejadas para o que falta.',
      both: 'Produção e compras planejadas para o que falta.',
      nothing: 'Nada a planejar: o que falta já está em produção ou em compra.',
    },
    purchaseNotAllowed:
      'Faltam produtos de revenda: gerar as ordens de compra exige a permissão "Ordens de Compra: Incluir/alterar".',
    invoiced: 'Pedido faturado: NF-e emitida.',
    invoiceConfirm:
      'Faturar o que falta do pedido? A NF-e é emitida, o estoque sai e os títulos a receber são gerados.',
    closed: 'Pedido encerrado.',
    delivered: 'Pedido entregue.',
    cancelled: 'Pedido cancelado.',
    deleted: 'Pedido excluído.',
    closeConfirm:
      'Encerrar o pedido? O que falta faturar deixará de ser esperado e a reserva é liberada.',
    cancelConfirm: 'Cancelar o pedido? A reserva é liberada.',
    deleteConfirm: 'Excluir este pedido?',
    /** The INCOME category a new order's bills start with, where the company has it. */
    salesCategory: 'Venda de produtos',
  },
  /** Notas Fiscais (DOMAIN §8, issue 18). */
  invoices: {
    /** The cancellation event of an authorised NF-e (NFeRecepcaoEvento4). */
    cancelRejected: (code: string, message: string) =>
      `A SEFAZ recusou o cancelamento (${code}): ${message.replace(/\.?$/, '.')} A nota continua autorizada.`,
    cancelNoAnswer: (reason: string) =>
      `${reason} SEFAZ não respondeu; tente de novo. A nota continua autorizada e nada foi cancelado; repetir o pedido é seguro (se a SEFAZ já o registrou, ela confirma e a nota é cancelada).`,
    correctionLength: 'Informe a correção com 15 a 1.000 caracteres.',
    tooManyCorrections:
      'Esta nota já tem 20 cartas de correção, o máximo que a SEFAZ aceita; a última registrada é a que vale.',
    correctionRejected: (code: string, message: string) =>
      `A SEFAZ recusou a carta de correção (${code}): ${message.replace(/\.?$/, '.')}`,
    correctionNoAnswer: (reason: string) =>
      `${reason} SEFAZ não respondeu; a carta de correção pode ter sido registrada ou não. Envie de novo a mesma correção (ela recebe o número seguinte).`,
    invalidAccessKey: 'Chave de acesso inválida: confira os 44 caracteres.',
    oneRecipient: 'Informe o cliente ou o fornecedor (apenas um).',
    reasonLength: 'Informe a justificativa com 15 a 255 caracteres.',
    discountTooLarge: 'O desconto não pode ser maior que o total dos produtos.',
    lineOperationDisagrees:
      'A natureza de operação do item deve ter a mesma direção, finalidade, movimentação de estoque e geração de contas que a da nota.',
    noPrice: 'Informe o preço: o item não tem preço de venda.',
    needsLocation: 'Informe o local de estoque: esta natureza de operação movimenta o estoque.',
    needsCategory: 'Informe a categoria: esta natureza de operação gera títulos.',
    incomplete: 'Faltam dados para emitir a nota. Preencha o que está listado e tente de novo.',
    invalidXml: 'O XML da nota não passou na validação do schema da SEFAZ; nada foi emitido.',
    missing: {
      companyCnpj: 'CNPJ da empresa',
      companyStateRegistration: 'Inscrição Estadual da empresa',
      companyAddress: 'Endereço completo da empresa (logradouro, número, bairro, CEP, UF)',
      companyCityCode: 'Município (IBGE) da empresa',
      certificate: 'Certificado A1 da empresa',
      certificateExpired: (validTo: string) => `Certificado A1 da empresa venceu em ${validTo}`,
      recipientDocument: 'CPF/CNPJ do destinatário',
      recipientAddress: 'Endereço completo do destinatário (logradouro, número, bairro, CEP, UF)',
      recipientCityCode: 'Município (IBGE) do destinatário',
      noItems: 'Ao menos um item',
      itemNcm: (line: number, item: string) => `NCM do item ${line} (${item})`,
      referencedKeys: 'Chave da nota devolvida (devolução)',
      unsupportedIcms: (code: string) =>
        `ICMS ${code} da natureza de operação: esta versão emite CST 00 ou CSOSN 101, 102, 103, 300 e 400`,
      location: 'Local de estoque',
      category: 'Categoria dos títulos',
    },
    /** What "Emitir", "Transmitir" and "Consultar" announce, by SEFAZ's answer. */
    authorized: (number: number) => `Nota fiscal ${number} autorizada pela SEFAZ.`,
    rejected: (number: number) =>
      `A SEFAZ rejeitou a nota fiscal ${number}: veja o motivo, corrija e transmita de novo.`,
    denied: (number: number) => `A SEFAZ denegou o uso da nota fiscal ${number}.`,
    pending: (number: number) =>
      `A SEFAZ não respondeu sobre a nota fiscal ${number}: use "Consultar" para saber a situação.`,
    notSent: (number: number) =>
      `A nota fiscal ${number} não chegou à SEFAZ: use "Transmitir" para enviá-la.`,
    cancelled: 'Nota fiscal cancelada.',
    /** Cancelled before SEFAZ authorised it: its number voided at SEFAZ, or still to void. */
    cancelledNumberVoided: (number: number) =>
      `Nota fiscal cancelada; o número ${number} foi inutilizado na SEFAZ.`,
    cancelledNumberToVoid: (number: number) =>
      `Nota fiscal cancelada, mas o número ${number} ainda não foi inutilizado na SEFAZ: veja o motivo na nota.`,
    numberVoided: (number: number, series: number) =>
      `Número ${number} da série ${series} inutilizado na SEFAZ`,
    numberToVoid: (number: number, series: number) =>
      `O número ${number} da série ${series} ainda precisa ser inutilizado na SEFAZ`,
    /**
     * The Histórico's line for one exchange with SEFAZ ("Emitir", "Transmitir"): what was done
     * and SEFAZ's answer, merged from the two entries recorded.
     */
    exchange: {
      issued: 'Emitida',
      transmitted: 'Transmitida',
      authorized: (done: string, protocol: string | null) =>
        `${done} e autorizada pela SEFAZ${protocol ? ` (protocolo ${protocol})` : ''}`,
      rejected: (done: string, code: string | null) =>
        `${done} e rejeitada pela SEFAZ${code ? ` (código ${code})` : ''}`,
      denied: (done: string, code: string | null) =>
        `${done} e denegada pela SEFAZ${code ? ` (código ${code})` : ''}`,
      pending: (done: string) => `${done}; a SEFAZ não respondeu (pendente de consulta)`,
      notSent: (done: string) => `${done}; não chegou à SEFAZ`,
    },
    numberToVoidHow:
      'Use "Inutilizar numeração" em Notas Fiscais com este número (só ele, do início ao fim da faixa).',
    corrected: 'Carta de correção registrada na SEFAZ.',
    saved: 'Nota fiscal salva.',
    created: 'Rascunho de nota fiscal criado.',
    deleted: 'Rascunho excluído.',
    notTransmitted:
      'Não enviada à SEFAZ: esta nota não tem valor fiscal até ser autorizada. Use "Transmitir" para enviá-la.',
  },
  /** Perfis de Usuários (DOMAIN §10): the built-in Administrador is fixed. */
  roles: {
    adminPermissions:
      'As permissões do perfil Administrador não podem ser alteradas: ele tem sempre todas. Crie outro perfil com as permissões desejadas.',
    adminActive: 'O perfil Administrador não pode ser inativado.',
  },
  /** Products and feedstocks (DOMAIN §3). */
  items: {
    duplicateCode: 'Já existe um produto ou insumo com este código.',
    billOfMaterialsOnlyManufactured:
      'Somente produtos fabricados têm ficha técnica e custos de produção.',
    repeatedFeedstock: 'Este insumo já está em outra linha.',
    repeatedOutlay: 'Este custo já está em outra linha.',
    notAFeedstock: 'Escolha um insumo.',
    unitLocked: 'A unidade não pode ser alterada: o item já tem movimentação de estoque.',
    noBillOfMaterials: 'Este produto não tem ficha técnica.',
  },
  /** The company's A1 certificate (issue 18): each refusal goes next to its field. */
  certificate: {
    noFile: 'Envie o arquivo do certificado (.pfx ou .p12).',
    noPassword: 'Informe a senha do certificado.',
    notPkcs12: 'O arquivo não é um certificado A1 (.pfx ou .p12).',
    wrongPassword: 'Senha do certificado incorreta.',
    noPrivateKey: 'O arquivo não contém a chave privada do certificado.',
    noCnpj: 'O certificado não é de pessoa jurídica: não traz um CNPJ.',
    companyWithoutCnpj: 'Preencha e salve o CNPJ da empresa antes de enviar o certificado.',
    otherCnpj: (cnpj: string) =>
      `Este certificado é do CNPJ ${cnpj}, de outra empresa: envie o certificado do CNPJ da empresa.`,
    expired: (validTo: string) => `Este certificado venceu em ${validTo}: envie um válido.`,
    notYetValid: (validFrom: string) => `Este certificado só vale a partir de ${validFrom}.`,
    tooLarge: 'Arquivo grande demais para um certificado A1.',
    unreadable:
      'O certificado guardado não pôde ser aberto com a chave deste servidor: envie-o novamente.',
  },
  /** Inutilização de numeração (POST /nfe/void-numbers). */
  voidNumbers: {
    noCnpj: 'Informe o CNPJ da empresa (Empresa): ele identifica a numeração a inutilizar.',
    toBeforeFrom: 'O número final deve ser maior ou igual ao inicial.',
    tooMany: 'Inutilize no máximo 10.000 números por vez.',
    used: (series: number, numbers: number[], more: number) =>
      `${numbers.length === 1 && more === 0 ? 'O número' : 'Os números'} ${numbers.join(', ')}${more > 0 ? ` e mais ${more}` : ''} da série ${series} já ${numbers.length === 1 && more === 0 ? 'pertence a uma nota' : 'pertencem a notas'}: só números nunca usados podem ser inutilizados.`,
    overlaps: (series: number, from: number, to: number) =>
      `A faixa ${from === to ? `${from}` : `${from} a ${to}`} da série ${series} já foi inutilizada.`,
    rejected: (code: string, message: string) =>
      `A SEFAZ recusou a inutilização (${code}): ${message}`,
    noAnswer: (reason: string) =>
      `${reason} A inutilização pode ter sido registrada ou não; nada foi gravado. Repita o pedido com a mesma faixa: se a SEFAZ já a registrou, ela confirma e a faixa é gravada.`,
    /** The voiding of a cancelled invoice's number that got no answer (its page says it). */
    notAnswered: (reason: string) =>
      `${reason} A inutilização pode ter sido registrada ou não; repita-a com este número: se a SEFAZ já a registrou, ela confirma.`,
  },
  /** NF-e contingency (PUT/DELETE /nfe/contingency). */
  nfeContingency: {
    reasonLength: 'Informe a justificativa da contingência com 15 a 256 caracteres.',
    homeInOperation: (authoriser: string) =>
      `A SEFAZ autorizadora (${authoriser}) está em operação: emita normalmente. A contingência só pode ser ativada quando ela estiver fora do ar ou inacessível.`,
    pendingInContingency: (count: number) =>
      `${count === 1 ? 'Uma nota enviada' : `${count} notas enviadas`} em contingência ainda ${count === 1 ? 'aguarda' : 'aguardam'} a resposta da SEFAZ: use "Consultar" antes de voltar ao normal.`,
  },
  /** SEFAZ's web services (server/modules/nfe/sefaz): why a status or a call could not be had. */
  sefaz: {
    noUf: 'Informe a UF do endereço da empresa (Empresa): ela define a SEFAZ autorizadora.',
    noCertificate:
      'Envie o certificado A1 da empresa (Empresa): a SEFAZ só atende quem se identifica com ele.',
    noUfNorCertificate:
      'Informe a UF do endereço da empresa e envie o certificado A1 (Empresa): a SEFAZ precisa dos dois.',
    failures: {
      TIMEOUT: (seconds: number) =>
        `A SEFAZ não respondeu em ${seconds === 1 ? '1 segundo' : `${seconds} segundos`}.`,
      UNREACHABLE: 'Não foi possível conectar à SEFAZ (servidor fora do ar ou sem rede).',
      CLIENT_CERTIFICATE_REFUSED:
        'A SEFAZ recusou a conexão segura: o certificado A1 da empresa não foi aceito (ou a conexão caiu durante a identificação).',
      SERVER_CERTIFICATE_UNTRUSTED:
        'O certificado do servidor da SEFAZ não é de uma autoridade confiável: conexão recusada por segurança.',
      BAD_ANSWER: 'A SEFAZ respondeu algo que não é uma resposta do serviço.',
    },
    unknownStatus: (code: string) => `Código ${code} da SEFAZ (sem descrição conhecida).`,
    stillProcessing:
      'A SEFAZ recebeu o lote e ainda não o processou. Use "Consultar" para saber o resultado.',
    pending:
      'A SEFAZ pode ter recebido a nota sem que a resposta chegasse. Use "Consultar": ela não é reenviada sem saber o resultado.',
    notFoundAnymore:
      'A SEFAZ não tem esta nota (217): ela não chegou. Pode ser transmitida novamente.',
  },
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
    /** A unique field's 409: "Já existe um cliente com este CPF/CNPJ." */
    duplicateOf: (row: string, value: string) => `Já existe ${row} com ${value}.`,
    inUse: 'Registro em uso; inative-o em vez de excluir.',
    missingReference: 'O registro relacionado não existe.',
    /** A document's line sent with an id that is not one of that document's lines. */
    lineNotInDocument: 'Esta linha não pertence ao documento.',
    internal:
      'Erro inesperado no servidor. Tente novamente; se persistir, informe o código da requisição.',
    network: 'Não foi possível falar com o servidor. Verifique a conexão.',
    wrongCurrentPassword: 'Senha atual incorreta.',
    /** What the HTTP layer refuses before any route reads the request. */
    invalidJson: 'Os dados enviados não são um JSON válido.',
    emptyBody: 'A requisição chegou sem dados: envie um JSON.',
    invalidContentLength:
      'A requisição chegou incompleta (tamanho declarado diferente do enviado).',
    bodyTooLarge: 'Dados grandes demais para enviar de uma vez.',
    unsupportedMediaType: 'Formato de dados não suportado: envie JSON (application/json).',
    badUrl: 'Endereço inválido.',
    urlTooLong: 'Endereço longo demais.',
    headersTooLarge: 'Endereço ou cabeçalhos da requisição longos demais.',
    requestTimeout: 'A requisição demorou demais para chegar ao servidor.',
    malformedRequest: 'Requisição malformada.',
    requestRefused: 'Requisição recusada pelo servidor.',
    /** The `Idempotency-Key` header (platform/idempotency.ts). */
    idempotencyKeyInvalid:
      'Cabeçalho Idempotency-Key inválido: use de 8 a 100 letras, números ou os sinais . _ : - (um UUID, por exemplo).',
    idempotencyKeyWithFile: 'O cabeçalho Idempotency-Key não é aceito no envio de arquivos.',
    idempotencyKeyReused:
      'Esta chave de idempotência já foi usada em outra operação. Gere uma chave nova para cada envio.',
    idempotencyInProgress:
      'Esta operação ainda está em andamento. Aguarde alguns segundos e confira o resultado antes de repetir.',
  },
} as const;
