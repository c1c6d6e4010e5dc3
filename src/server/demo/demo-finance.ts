import { MONTHLY_EXPENSES } from './demo-catalog.js';
import { money, type YearContext } from './demo-context.js';

/**
 * The money side of the year: every day the bills that fall due are paid or received — except,
 * in the last two months, the late payers' (half of them not at all, half in part) and one bill
 * to pay in twelve — so the dashboard has overdue and partly paid bills; the fixed expenses on
 * the 1st; the bank's transfer and fees on the 20th.
 */
export function finance(context: YearContext) {
  const { api, dice, world } = context;
  const handled = new Set<number>();
  let lateBills = 0;

  return {
    async settleBills() {
      const recent = context.day() > context.days - 60;
      for (const kind of ['bills-to-receive', 'bills-to-pay'] as const) {
        const due = await api.get<{
          items: { id: number; amount: string; clientId: number | null }[];
        }>(`/${kind}?status=OPEN&dueDateTo=${context.date()}&pageSize=100`);
        for (const bill of due.items) {
          if (handled.has(bill.id)) continue;
          handled.add(bill.id);
          const late =
            kind === 'bills-to-receive'
              ? world.clients.find((client) => client.id === bill.clientId)?.latePayer
              : handled.size % 12 === 5;
          let amount = Number(bill.amount);
          if (late && recent) {
            // Owed still: every other one half paid, the rest not at all.
            lateBills += 1;
            if (lateBills % 2 === 1) continue;
            amount = Math.round(amount * 50) / 100;
          }
          const action = kind === 'bills-to-pay' ? 'pay' : 'receive';
          await api.post(`/${kind}/${bill.id}/${action}`, {
            date: context.date(),
            amount: money(amount),
            checkingAccountId:
              kind === 'bills-to-receive' ? world.accounts.second : world.accounts.main,
          });
        }
      }
    },

    async monthlyExpenses() {
      const date = context.date();
      for (const [categoryName, description, amount] of MONTHLY_EXPENSES) {
        await api.post('/bills-to-pay', {
          description: `${description} — ${date.slice(5, 7)}/${date.slice(0, 4)}`,
          issueDate: date,
          dueDate: `${date.slice(0, 8)}10`,
          categoryId: context.category(categoryName),
          paymentMethodId: world.transfer,
          amount: money(amount * (0.94 + dice.next() * 0.12)),
        });
      }
    },

    async bankRoutine() {
      await api.post(`/checking-accounts/${world.accounts.second}/transfers`, {
        toAccountId: world.accounts.main,
        date: context.date(),
        amount: money(dice.int(15, 30) * 1000),
        description: 'Transferência da conta de cobrança',
      });
      for (const account of [world.accounts.main, world.accounts.second]) {
        await api.post(`/checking-accounts/${account}/entries`, {
          direction: 'DEBIT',
          date: context.date(),
          amount: money(account === world.accounts.main ? 89.9 : 64.5),
          description: 'Tarifa de manutenção de conta',
          categoryId: context.category('Tarifas bancárias'),
        });
      }
    },
  };
}
