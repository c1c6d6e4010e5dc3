import { BoundedCache } from './bounded-cache.js';

/** The row a page of one list started (or ended) at, as of one change stamp of its table. */
export interface PageAnchor {
  /** The row's position in the list (0 = first row). */
  offset: number;
  id: number;
  stamp: string;
}

/**
 * Where pages of a list start, remembered per list (its filters, search and sort) together with
 * the table's change stamp they were read at (migration 0004). A deep page then starts from the
 * nearest remembered row at or before it — an index seek — instead of having OFFSET walk past
 * every row before it; paging forward from page 499 to 500 skips no row at all. The stamp makes it
 * safe: an anchor is used optimistically, the page's statement reads the stamp in the same
 * snapshot, and a page whose stamp differs from its anchor's is read again without the anchor.
 */
export class PageAnchors {
  private readonly lists: BoundedCache<{ stamp: string; anchors: Map<number, number> }>;

  constructor(
    lists = 500,
    private readonly perList = 200,
  ) {
    this.lists = new BoundedCache(lists);
  }

  /** The remembered anchor closest at or before `offset`, if any. */
  nearest(list: string, offset: number): PageAnchor | undefined {
    const entry = this.lists.get(list);
    if (!entry) return undefined;
    let best: number | undefined;
    for (const at of entry.anchors.keys()) {
      if (at <= offset && (best === undefined || at > best)) best = at;
    }
    return best === undefined
      ? undefined
      : { offset: best, id: entry.anchors.get(best)!, stamp: entry.stamp };
  }

  /** Rows seen at these offsets as of `stamp`; anchors of an older stamp are dropped. */
  remember(list: string, stamp: string, rows: { offset: number; id: number }[]) {
    let entry = this.lists.get(list);
    if (!entry || entry.stamp !== stamp) {
      entry = { stamp, anchors: new Map() };
      this.lists.set(list, entry);
    }
    for (const { offset, id } of rows) {
      entry.anchors.delete(offset);
      entry.anchors.set(offset, id);
      if (entry.anchors.size > this.perList) {
        entry.anchors.delete(entry.anchors.keys().next().value!);
      }
    }
  }
}
