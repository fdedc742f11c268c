import { FavoriteState, Removed } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from '../navigation/routes';
import { pageCount, readPage } from './paging';
import { removeCall } from './remove';

describe('library paging', () => {
  it('reads ?page= as a positive integer, else the first page', () => {
    expect(readPage(undefined)).toBe(1);
    expect(readPage('3')).toBe(3);
    expect(readPage(['2', '5'])).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '0x2', '', '999999']) expect(readPage(bad), bad).toBe(1);
    expect(readPage('99999')).toBe(10_000);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });

  it('links each tab and page', () => {
    expect(routes.library('favorite')).toBe('/library/favorite');
    expect(routes.library('recent', 1)).toBe('/library/recent');
    expect(routes.library('my', 2)).toBe('/library/my?page=2');
  });
});

describe('library removal', () => {
  it('calls the api of each list, and checks its answer against that call’s contract', () => {
    expect(removeCall('my', 7)).toEqual({ path: '/library/my/7', answer: Removed });
    expect(removeCall('favorite', 7)).toEqual({ path: '/favorites/7', answer: FavoriteState });
    expect(removeCall('recent', 7)).toEqual({ path: '/library/recent/7', answer: Removed });
  });
});
