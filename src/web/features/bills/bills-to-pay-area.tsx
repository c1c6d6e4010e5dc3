import { BillsArea } from './bills-area.js';

/** Contas a Pagar: the bills screens for bills to pay. */
export default function BillsToPayArea() {
  return <BillsArea kind="PAY" />;
}
