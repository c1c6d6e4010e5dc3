/**
 * An enum's options for a select, in the definition's order, but codes of digits ("00", "101",
 * the NF-e's CSTs) in code order: a JavaScript object lists a key like "10" before "00" whatever
 * order it was written in.
 */
export function enumOptions(options: Record<string, string> = {}) {
  const entries = Object.entries(options);
  if (entries.every(([value]) => /^\d+$/.test(value))) {
    entries.sort(([a], [b]) => a.localeCompare(b));
  }
  return entries.map(([value, label]) => ({ value, label }));
}
