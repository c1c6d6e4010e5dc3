/**
 * A document's lifecycle (ARCHITECTURE "Workflow modules"): its statuses with their pt-BR labels
 * and the actions that move it, each allowed from some statuses and leading to one. The web
 * enables its buttons with `can`; the server guards each action with the same table
 * (platform/transition.ts), so both sides follow one definition.
 */
export interface StatusMachineDefinition<S extends string, A extends string> {
  /** Status → label ("Rascunho"), in the order the lifecycle goes. */
  statuses: Record<S, string>;
  /** Action → the statuses it is allowed from and the status it leads to. */
  transitions: Record<A, { from: readonly NoInfer<S>[]; to: NoInfer<S> }>;
}

export type StatusMachine<S extends string, A extends string> = StatusMachineDefinition<S, A> & {
  /** The status `action` leads to from `status`, or null when it is not allowed there. */
  next: (status: S, action: A) => S | null;
  can: (status: S, action: A) => boolean;
  /** The actions allowed from `status`, in the definition's order. */
  actions: (status: S) => A[];
  label: (status: S) => string;
};

export function defineStatusMachine<const S extends string, const A extends string>(
  definition: StatusMachineDefinition<S, A>,
): StatusMachine<S, A> {
  const next = (status: S, action: A): S | null => {
    const transition = definition.transitions[action];
    return transition?.from.includes(status) ? transition.to : null;
  };
  return {
    ...definition,
    next,
    can: (status, action) => next(status, action) !== null,
    actions: (status) =>
      (Object.keys(definition.transitions) as A[]).filter((action) => next(status, action)),
    label: (status) => definition.statuses[status] ?? status,
  };
}
