import { describe, expect, it } from 'vitest';
import { moved } from './ordering';

describe('moved', () => {
  it('moves an item one place up or down', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('keeps the order when the item is at an end or missing', () => {
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 5, 1)).toEqual(['a', 'b']);
  });

  it('leaves the given list as it was', () => {
    const list = ['a', 'b'];
    moved(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});
