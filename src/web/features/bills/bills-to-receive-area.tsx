import { BillsArea } from './bills-area.js';

/** Contas a Receber: the bills screens for bills to receive. */
export default function BillsToReceiveArea() {
  return <BillsArea kind="RECEIVE" />;
}
