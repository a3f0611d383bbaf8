import { describe, expect, it } from 'vitest';
import { moveItem, orderByIds } from './reorder';

const items = ['a', 'b', 'c', 'd'].map((id) => ({ id }));

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('leaves the list as it was for the same place or an index outside it', () => {
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('does not change the list it was given', () => {
    const list = ['a', 'b', 'c'];
    moveItem(list, 0, 2);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('orderByIds', () => {
  it('orders by the given ids', () => {
    expect(orderByIds(items, ['c', 'a', 'd', 'b']).map((item) => item.id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('keeps items missing from the ids at the end, in their order', () => {
    expect(orderByIds(items, ['d', 'b']).map((item) => item.id)).toEqual(['d', 'b', 'a', 'c']);
  });
});
