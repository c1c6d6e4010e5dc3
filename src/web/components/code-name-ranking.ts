/**
 * How every code-and-name picker (units, items, categories, locations, methods) orders what
 * matches the search: a code equal to it first, then codes that start with it, then the rest
 * (a match in the name or description), each group in the order it came. Typing "M" and Enter
 * picks the unit M, not KG because "Quilograma" contains an m. Case and accents are ignored.
 * A picker with no code ranks by its name: the name is what the user types.
 */

/** "Água" → "agua": the text as a search compares it. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .trim();
}

/** 0 for a code equal to the search, 1 for a code that starts with it, 2 for the rest. */
export function codeRank(code: string, search: string): 0 | 1 | 2 {
  const typed = foldText(search);
  const folded = foldText(code);
  if (typed === '') return 2;
  if (folded === typed) return 0;
  return folded.startsWith(typed) ? 1 : 2;
}

/** Whether any of `texts` contains the search, case and accents ignored. */
export function matchesSearch(texts: readonly (string | null | undefined)[], search: string) {
  const typed = foldText(search);
  return texts.some((text) => text != null && foldText(text).includes(typed));
}

/** `rows` in the ranking's order for `search` (a stable sort: ties keep their order). */
export function rankByCode<Row>(
  rows: readonly Row[],
  code: (row: Row) => string,
  search: string,
): Row[] {
  if (foldText(search) === '') return [...rows];
  return rows
    .map((row, index) => ({ row, index, rank: codeRank(code(row), search) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ row }) => row);
}

/** An option of a Select whose options are all loaded; `code` is what ranks (else its label). */
export interface RankedOption {
  label?: unknown;
  code?: string;
  options?: RankedOption[];
}

const optionRank = (option: RankedOption, search: string): number =>
  option.options
    ? Math.min(2, ...option.options.map((child) => optionRank(child, search)))
    : codeRank(option.code ?? String(option.label ?? ''), search);

/**
 * `showSearch` of a Select whose options are all loaded (categories, payment methods): it
 * keeps what contains the search, case and accents ignored, in the ranking's order; a group
 * (a parent category) goes where its best option would.
 */
export const codeNameSearch = {
  filterOption: (input: string, option?: RankedOption) =>
    matchesSearch([String(option?.label ?? ''), option?.code], input),
  filterSort: (a: RankedOption, b: RankedOption, info: { searchValue: string }) =>
    optionRank(a, info.searchValue) - optionRank(b, info.searchValue),
};
