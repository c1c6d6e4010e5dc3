import { addDays } from '../../shared/plain-date.js';
import { DemoRequestError, type DemoApi } from './demo-api.js';
import type { Demand } from './demo-demand.js';
import type { Dice } from './demo-random.js';
import type { DemoWorld } from './demo-setup.js';

/**
 * What every part of the demo's year works with: the API, the ids the setup made, the dice, the
 * forecast, and the calendar — the day being lived and the agenda of follow-ups booked for later
 * days (what falls after today simply has not happened yet).
 */
export type Task = () => Promise<void>;

export interface YearContext {
  api: DemoApi;
  world: DemoWorld;
  dice: Dice;
  demand: Demand;
  /** The day being lived, 0 … days (today). */
  day: () => number;
  days: number;
  date: () => string;
  /** Book `task` for `inDays` from now (dropped when that is after today). */
  later: (inDays: number, task: Task) => void;
  /** The item id of a catalogue code. */
  item: (code: string) => number;
  category: (name: string) => number;
}

export function calendar(start: string, days: number) {
  const agenda = new Map<number, Task[]>();
  let day = 0;
  return {
    day: () => day,
    days,
    date: () => addDays(start, day),
    later: (inDays: number, task: Task) => {
      const at = day + Math.max(1, inDays);
      if (at > days) return;
      agenda.set(at, [...(agenda.get(at) ?? []), task]);
    },
    /** Moves to `next` and hands over the tasks booked for it. */
    advance(next: number): Task[] {
      day = next;
      const tasks = agenda.get(day) ?? [];
      agenda.delete(day);
      return tasks;
    },
  };
}

/** The API said no for a business reason (422): a shortage the demo waits out, a credit refusal. */
export const refused = (error: unknown) =>
  error instanceof DemoRequestError && error.statusCode === 422;

/** Calendar days from `from` to `to` ("YYYY-MM-DD"). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const money = (value: number) => value.toFixed(2);

export const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

/** Stock at the demo's location per item id: on hand, and free of sales orders' reservations. */
export type StockNow = Map<number, { onHand: number; free: number }>;

export async function stockNow(context: Pick<YearContext, 'api' | 'world'>): Promise<StockNow> {
  const rows = (
    await context.api.get<{
      items: { itemId: number; quantity: string; availableQuantity?: string | null }[];
    }>(`/stock-items?locationId=${context.world.locationId}&pageSize=100`)
  ).items;
  return new Map(
    rows.map((row) => [
      row.itemId,
      { onHand: Number(row.quantity), free: Number(row.availableQuantity ?? row.quantity) },
    ]),
  );
}
