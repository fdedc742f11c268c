import { describe, expect, it } from 'vitest';
import { routes } from '../navigation/routes';
import { commentLength, commentProblem, readCommentSort, readCommentTarget } from './comments';

describe('the /comment address', () => {
  it('names an episode, else a series', () => {
    expect(readCommentTarget({ episode: '12', series: '3' })).toEqual({ kind: 'episode', id: 12 });
    expect(readCommentTarget({ series: '3' })).toEqual({ kind: 'series', id: 3 });
    expect(readCommentTarget({ episode: '0x1A' })).toBeNull();
    expect(readCommentTarget({})).toBeNull();
  });

  it('orders by the newest unless BEST is asked for', () => {
    expect(readCommentSort('BEST')).toBe('BEST');
    expect(readCommentSort('best')).toBe('NEWEST');
    expect(readCommentSort(undefined)).toBe('NEWEST');
  });

  it('is built back with its sort and page', () => {
    expect(routes.comments({ episode: 5 })).toBe('/comment?episode=5');
    expect(routes.comments({ series: 2 }, 'BEST', 3)).toBe('/comment?series=2&sort=BEST&page=3');
    expect(routes.myComments(2)).toBe('/comment/my?page=2');
  });
});

describe('the write form', () => {
  it('counts characters as a reader sees them', () => {
    expect(commentLength('  héllo  ')).toBe(5);
    expect(commentLength('👨‍👩‍👧😀')).toBe(2);
  });

  it('refuses an empty comment and one over 500 characters', () => {
    expect(commentProblem('   ')).toBe('empty');
    expect(commentProblem('x'.repeat(500))).toBeNull();
    expect(commentProblem('x'.repeat(501))).toBe('tooLong');
    expect(commentProblem('😀'.repeat(500))).toBeNull();
  });
});
