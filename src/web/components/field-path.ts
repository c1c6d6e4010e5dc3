/** A form field's name as antd takes it: `'email'` or `['address', 'zipCode']` or `['phones', 0]`. */
export type FieldPath = string | number | readonly (string | number)[];

export function toPathArray(path: FieldPath): (string | number)[] {
  return Array.isArray(path)
    ? [...(path as readonly (string | number)[])]
    : [path as string | number];
}

/** `address.zipCode` / `phones.0` as the API names fields in `error.fields`. */
export function fromDottedPath(dotted: string): (string | number)[] {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((part, i) => String(part) === String(b[i]));
}

/**
 * Where a server message about `path` belongs in a form: the field itself, else the nearest
 * field above it (`components.2.id` names no cell, but the line table's list shows its message).
 * Undefined when no enclosing field is in the form.
 */
export function nearestRegisteredPath(
  registered: readonly (readonly PropertyKey[])[],
  path: readonly (string | number)[],
): (string | number)[] | undefined {
  for (let length = path.length; length > 0; length--) {
    const candidate = path.slice(0, length);
    if (registered.some((name) => samePath(name, candidate))) return candidate;
  }
  return undefined;
}
