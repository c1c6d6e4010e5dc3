import { describe, expect, it } from 'vitest';
import { PageAnchors } from './page-anchors.js';

describe('PageAnchors', () => {
  it('finds the closest anchor at or before an offset', () => {
    const anchors = new PageAnchors();
    anchors.remember('clientes', '7', [
      { offset: 0, id: 10 },
      { offset: 19, id: 11 },
      { offset: 9980, id: 12 },
      { offset: 9999, id: 13 },
    ]);
    expect(anchors.nearest('clientes', 20)).toEqual({ offset: 19, id: 11, stamp: '7' });
    expect(anchors.nearest('clientes', 9980)).toEqual({ offset: 9980, id: 12, stamp: '7' });
    expect(anchors.nearest('clientes', 10000)).toEqual({ offset: 9999, id: 13, stamp: '7' });
    expect(anchors.nearest('clientes', 5000)).toEqual({ offset: 19, id: 11, stamp: '7' });
    expect(anchors.nearest('fornecedores', 5000)).toBeUndefined();
  });

  it('has nothing before the first remembered offset', () => {
    const anchors = new PageAnchors();
    anchors.remember('clientes', '7', [{ offset: 40, id: 10 }]);
    expect(anchors.nearest('clientes', 39)).toBeUndefined();
  });

  it('forgets the anchors of an older stamp once a newer one is remembered', () => {
    const anchors = new PageAnchors();
    anchors.remember('clientes', '7', [{ offset: 20, id: 10 }]);
    anchors.remember('clientes', '8', [{ offset: 40, id: 11 }]);
    expect(anchors.nearest('clientes', 30)).toBeUndefined();
    expect(anchors.nearest('clientes', 40)).toEqual({ offset: 40, id: 11, stamp: '8' });
  });

  it('keeps at most the given number of anchors per list, dropping the oldest', () => {
    const anchors = new PageAnchors(10, 2);
    anchors.remember('clientes', '1', [
      { offset: 0, id: 1 },
      { offset: 20, id: 2 },
      { offset: 40, id: 3 },
    ]);
    expect(anchors.nearest('clientes', 10)).toBeUndefined();
    expect(anchors.nearest('clientes', 45)?.id).toBe(3);
  });
});
