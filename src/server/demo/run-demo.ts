import type { FastifyInstance } from 'fastify';
import { setDemoClock } from '../../shared/clock.js';
import { addDays, todayInSaoPaulo } from '../../shared/plain-date.js';
import type { Db } from '../db/connection.js';
import type { SefazSettings } from '../modules/nfe/index.js';
import { startSefazDouble } from '../modules/nfe/testing/sefaz-double.js';
import { makeTestCa } from '../modules/nfe/testing/test-certificate.js';
import { OperatorError } from '../operator-error.js';
import { openDemoApi } from './demo-api.js';
import { businessDataFound, demoSummary, firstAdministrator } from './demo.repo.js';
import { seededDice } from './demo-random.js';
import { DEMO_COMPANY, DEMO_USERS, setUpCompany, setUpUsers, setUpWorld } from './demo-setup.js';
import { demandFor } from './demo-demand.js';
import { liveTheYear } from './demo-year.js';

/**
 * The demo company (issue 21): "Confecções Exemplo Ltda" and a year of its work, written through
 * the app's own routes as its administrator (`npm run demo`, `npm start -- --demo`). Refused,
 * before anything is written, on a database that already has a company's own records.
 */
export interface DemoOptions {
  /** Days lived before today: 365 makes the year; the tests live a shorter one. */
  days?: number;
  /** Sales orders per weekday. */
  ordersPerDay?: number;
  seed?: number;
}

export const DEMO_DEFAULTS = { days: 365, ordersPerDay: 0.8, seed: 21 };

export async function runDemo(
  app: FastifyInstance,
  db: Db,
  options: DemoOptions & {
    jwtSecret: string;
    /** The app's SEFAZ settings (the object it was built with), pointed at the stand-in meanwhile. */
    sefaz: SefazSettings;
    log?: (message: string) => void;
  },
) {
  const { days, ordersPerDay, seed } = { ...DEMO_DEFAULTS, ...options };
  const log = options.log ?? (() => undefined);
  const found = await businessDataFound(db);
  if (found.length > 0) {
    throw new OperatorError(
      `A demonstração não foi criada: este banco de dados já tem dados (${found.join(', ')}) e ` +
        'nada foi alterado. Use um banco novo, por exemplo FABRIL_DATA_DIR=./demo npm run demo ' +
        '(ou npm start -- --demo). / The demo was not created: this database already has ' +
        'business data, and nothing was changed. Use a new data directory.',
    );
  }
  const admin = await firstAdministrator(db);
  if (!admin) throw new OperatorError('A demonstração precisa de um administrador ativo.');

  const today = todayInSaoPaulo();
  const start = addDays(today, -days);
  const dice = seededDice(seed);
  const api = await openDemoApi(app, db, { userId: admin.id, jwtSecret: options.jwtSecret });
  // Its tens of thousands of requests are not a person's: one log line each would bury the
  // terminal (and the sign-ins printed at the end); failures (5xx) are still logged.
  const logLevel = app.log.level;
  app.log.level = 'warn';
  // Its NF-e are authorised by a stand-in: the SEFAZ test double, in this process for the demo's
  // run only, as its certificate is a test one (no SEFAZ would take it). After it, the app talks
  // to the SEFAZ its settings name again.
  const clientCa = makeTestCa('AC DA DEMONSTRACAO FABRIL');
  const sefaz = await startSefazDouble({ clientCa });
  const settings = { ...options.sefaz };
  Object.assign(options.sefaz, {
    serviceUrl: sefaz.url,
    extraCaPem: sefaz.serverCa.certificatePem,
  });
  try {
    setDemoClock(new Date(`${start}T13:00:00Z`));
    log(`Criando a empresa de demonstração (${days} dias até ${today})...`);
    await setUpCompany(
      api,
      new Date(`${addDays(start, -1)}T00:00:00Z`),
      new Date(`${addDays(today, 365)}T00:00:00Z`),
      clientCa,
    );
    await setUpUsers(api);
    const world = await setUpWorld(api, dice, start, demandFor(ordersPerDay));
    log('Cadastros prontos; vivendo o ano dia a dia...');
    await liveTheYear(api, world, dice, { days, ordersPerDay, today });
  } finally {
    // Back to the real time before anything else runs in this process (a server about to listen).
    setDemoClock(null);
    app.log.level = logLevel;
    options.sefaz.serviceUrl = settings.serviceUrl;
    options.sefaz.extraCaPem = settings.extraCaPem;
    await sefaz.close();
    await api.close();
  }
  return {
    company: DEMO_COMPANY.legalName,
    adminEmail: admin.email,
    users: DEMO_USERS,
    made: await demoSummary(db),
  };
}

/** What the terminal shows once the demo is in: who signs in, and with what. */
export function demoSignIns(
  result: Awaited<ReturnType<typeof runDemo>>,
  adminPassword: string | undefined,
): string[] {
  return [
    `Demonstração pronta: ${result.company}.`,
    `${result.made.salesOrders} pedidos, ${result.made.invoices} NF-e, ${result.made.purchaseOrders} ordens de compra, ${result.made.productionOrders} ordens de produção, ${result.made.bills} contas.`,
    `Administrador: ${result.adminEmail}${adminPassword ? ` / ${adminPassword}` : ' (a senha que você já usa)'}`,
    ...result.users.map((user) => `${user.role}: ${user.email} / ${user.password}`),
    'Certificado e notas de TESTE, em homologação: sem valor fiscal.',
  ];
}
