import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import { id } from '../../../shared/fields.js';
import {
  billCreateSchema,
  billDetailSchema,
  billKindInfo,
  billListQuerySchema,
  billPageSchema,
  billSettleSchema,
  billPixSchema,
  billsCreatedSchema,
  billUpdateSchema,
  type BillKind,
} from '../../../shared/resources/bills.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { payBill, reversePayment } from './bill-payments.service.js';
import { billsFile } from './bills.export.js';
import { getBill, listBillsOf } from './bills.read.js';
import { billPix, cancelBill, createBill, updateBill } from './bills.service.js';
import { replyWithFile } from '../../platform/file-reply.js';

/**
 * Contas a Pagar (`/bills-to-pay`) and Contas a Receber (`/bills-to-receive`): the same routes
 * for each kind, built from billKindInfo — the list with its totals, the export, a bill with its
 * payments, the manual form (in installments), the edit of an open bill, "Cancelar", "Baixar"
 * (`pay` / `receive`, its own permission) and "Estornar baixa"; the PIX code of a bill to receive.
 */
function billRoutes(db: Db, kind: BillKind): FastifyPluginAsyncZod {
  const info = billKindInfo[kind];
  const base = `/${info.path}`;
  const tags = [info.path];
  const read = `${info.area}:read` as const;
  const write = `${info.area}:write` as const;
  const settle = kind === 'PAY' ? 'billsToPay:pay' : 'billsToReceive:receive';
  // The partner filter of the other kind is not a filter of this list (typed as neither).
  const listQuery = billListQuerySchema.omit(
    (kind === 'PAY' ? { clientId: true } : { supplierId: true }) as unknown as {
      clientId: true;
      supplierId: true;
    },
  );

  return async (app) => {
    app.get(base, {
      config: { permission: read },
      schema: { tags, querystring: listQuery, response: { 200: billPageSchema } },
      handler: (request) => listBillsOf(db, kind, request.query),
    });
    app.get(`${base}/export`, {
      config: { permission: read },
      schema: {
        tags,
        summary: `Exporta ${info.label} (todas as linhas da lista filtrada)`,
        querystring: listQuery
          .omit({ page: true, pageSize: true })
          .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query;
        const file = await billsFile(db, kind, format, query);
        return replyWithFile(reply, {
          ...file,
          fileName: exportFileName(info.label, format),
        });
      },
    });
    app.get(`${base}/:id`, {
      config: { permission: read },
      schema: { tags, params: idParams, response: { 200: billDetailSchema } },
      handler: (request) => getBill(db, kind, request.params.id),
    });
    app.post(base, {
      config: { permission: write },
      schema: { tags, body: billCreateSchema(kind), response: { 201: billsCreatedSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await createBill(db, auditContext(request), kind, request.body)),
    });
    app.put(`${base}/:id`, {
      config: { permission: write },
      schema: {
        tags,
        params: idParams,
        body: billUpdateSchema(kind),
        response: { 200: billDetailSchema },
      },
      handler: (request) =>
        updateBill(db, auditContext(request), kind, request.params.id, request.body),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: write },
      schema: { tags, params: idParams, response: { 200: billDetailSchema } },
      handler: (request) => cancelBill(db, auditContext(request), kind, request.params.id),
    });
    app.post(`${base}/:id/${info.settleAction}`, {
      config: { permission: settle },
      schema: {
        tags,
        params: idParams,
        body: billSettleSchema,
        response: { 201: billDetailSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await payBill(db, auditContext(request), kind, request.params.id, request.body)),
    });
    app.post(`${base}/:id/payments/:paymentId/reverse`, {
      config: { permission: settle },
      schema: {
        tags,
        params: z.object({ id: id(), paymentId: id() }),
        response: { 200: billDetailSchema },
      },
      handler: (request) =>
        reversePayment(
          db,
          auditContext(request),
          kind,
          request.params.id,
          request.params.paymentId,
        ),
    });
    if (kind === 'RECEIVE') {
      app.get(`${base}/:id/pix`, {
        config: { permission: read },
        schema: { tags, params: idParams, response: { 200: billPixSchema } },
        handler: (request) => billPix(db, request.params.id),
      });
    }
  };
}

/** Both lists' routes. */
export function billsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(billRoutes(db, 'PAY'));
    await app.register(billRoutes(db, 'RECEIVE'));
  };
}
