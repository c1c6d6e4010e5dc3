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
