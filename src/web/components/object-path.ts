/**
 * Resource fields may be nested (`address.city`): reading and writing them by their dotted key.
 */
export function getPath(source: unknown, key: string): unknown {
  let current: unknown = source;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function setPath(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let current = target;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (next === null || typeof next !== 'object') current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]!] = value;
}

/** `address.zipCode` → `['address', 'zipCode']`, the name antd's Form.Item takes. */
export const fieldName = (key: string): string[] => key.split('.');
