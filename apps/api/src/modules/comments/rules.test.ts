import { AppError, COMMENT_BLIND_REPORTS } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import {
  assertMayDelete,
  assertModeratable,
  assertNotOwn,
  assertShown,
  commentText,
  shownContent,
  shownState,
  stateAfterReport,
} from './rules.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

describe('comment text', () => {
  it('keeps 1 to 500 characters, trimmed, counted as a reader sees them', () => {
    expect(commentText('  Loved it  ', 'fr')).toBe('Loved it');
    expect(commentText('é'.repeat(500), 'fr')).toHaveLength(500);
    expect(commentText('😀'.repeat(500), 'fr')).toBe('😀'.repeat(500));
    expect(codeOf(() => commentText('x'.repeat(501), 'fr'))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => commentText(' \n\t ', 'fr'))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => commentText('', 'fr'))).toBe('INVALID_PARAMETER');
  });

  it('refuses a prohibited word of the locale or of English', () => {
    expect(codeOf(() => commentText('Quel connard', 'fr'))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => commentText('what a bitch', 'fr'))).toBe('INVALID_PARAMETER');
    expect(commentText('Quelle analyse', 'fr')).toBe('Quelle analyse');
  });
});

describe('reports', () => {
  it('marks REPORT, then BLIND from the threshold on', () => {
    expect(stateAfterReport(null, 1)).toBe('REPORT');
    expect(stateAfterReport('REPORT', COMMENT_BLIND_REPORTS - 1)).toBe('REPORT');
    expect(stateAfterReport('REPORT', COMMENT_BLIND_REPORTS)).toBe('BLIND');
    expect(stateAfterReport(null, COMMENT_BLIND_REPORTS + 3)).toBe('BLIND');
  });

  it('leaves hidden and deleted comments as they are', () => {
    expect(stateAfterReport('BLIND', 1)).toBe('BLIND');
    expect(stateAfterReport('DELETED', COMMENT_BLIND_REPORTS)).toBe('DELETED');
  });
});

describe('what readers see', () => {
  it('shows a reported comment like any other, and hides the text of hidden and deleted ones', () => {
    expect(shownState('REPORT')).toBeNull();
    expect(shownState(null)).toBeNull();
    expect(shownState('BLIND')).toBe('BLIND');
    expect(shownState('DELETED')).toBe('DELETED');
    expect(shownContent({ content: 'hi', state: 'REPORT' }, 'reader')).toBe('hi');
    expect(shownContent({ content: 'hi', state: 'BLIND' }, 'reader')).toBeNull();
    expect(shownContent({ content: 'hi', state: 'BLIND' }, 'author')).toBe('hi');
    expect(shownContent({ content: 'hi', state: 'DELETED' }, 'author')).toBeNull();
  });
});

describe('who may do what', () => {
  it('lets only the author delete', () => {
    expect(codeOf(() => assertMayDelete({ authorId: 1 }, 1))).toBeUndefined();
    expect(codeOf(() => assertMayDelete({ authorId: 1 }, 2))).toBe('FORBIDDEN');
  });

  it('refuses reporting or blocking oneself', () => {
    expect(codeOf(() => assertNotOwn({ authorId: 1 }, 1, 'report'))).toBe('FORBIDDEN');
    expect(codeOf(() => assertNotOwn({ authorId: 1 }, 1, 'block'))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => assertNotOwn({ authorId: 1 }, 2, 'report'))).toBeUndefined();
  });

  it('takes likes and reports only on shown comments', () => {
    expect(codeOf(() => assertShown({ state: 'REPORT' }))).toBeUndefined();
    expect(codeOf(() => assertShown({ state: 'BLIND' }))).toBe('NOT_EXIST');
    expect(codeOf(() => assertShown({ state: 'DELETED' }))).toBe('NOT_EXIST');
  });

  it('lets admins blind what is not deleted and restore what is reported or hidden', () => {
    expect(codeOf(() => assertModeratable({ state: null }, 'blind'))).toBeUndefined();
    expect(codeOf(() => assertModeratable({ state: 'DELETED' }, 'blind'))).toBe('NOT_EXIST');
    expect(codeOf(() => assertModeratable({ state: null }, 'restore'))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => assertModeratable({ state: 'REPORT' }, 'restore'))).toBeUndefined();
    expect(codeOf(() => assertModeratable({ state: 'BLIND' }, 'restore'))).toBeUndefined();
  });
});
