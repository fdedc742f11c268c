import { CONTACT_MAX_IMAGE_BYTES } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { contactImagePath, contactListPath, formProblem, imagesProblem } from './contact';

const png = (size = 1000) => ({ size, type: 'image/png' });

describe('imagesProblem', () => {
  it('lets up to three images of at most 3 MB through', () => {
    expect(imagesProblem([])).toBeNull();
    expect(imagesProblem([png(), { size: CONTACT_MAX_IMAGE_BYTES, type: 'image/jpeg' }, png()])).toBeNull();
  });

  it('refuses a fourth image, one past 3 MB, one that is not an image and an empty one', () => {
    expect(imagesProblem([png(), png(), png(), png()])).toBe('tooMany');
    expect(imagesProblem([png(), { size: CONTACT_MAX_IMAGE_BYTES + 1, type: 'image/png' }])).toBe('tooLarge');
    expect(imagesProblem([{ size: 10, type: 'application/x-php' }])).toBe('notImage');
    expect(imagesProblem([{ size: 10, type: 'image/svg+xml' }])).toBe('notImage');
    expect(imagesProblem([png(0)])).toBe('empty');
  });
});

describe('formProblem', () => {
  const ok = { category: 'PAYMENT', title: 'Coins', content: 'Where are they?' };
  it('names the first field that is empty or too long', () => {
    expect(formProblem(ok)).toBeNull();
    expect(formProblem({ ...ok, category: '' })).toBe('category');
    expect(formProblem({ ...ok, title: '   ' })).toBe('title');
    expect(formProblem({ ...ok, title: 'x'.repeat(101) })).toBe('title');
    expect(formProblem({ ...ok, content: '' })).toBe('content');
  });
});

describe('paths', () => {
  it('fetches images through the front proxy and pages the list', () => {
    expect(contactImagePath(12, 1)).toBe('/api/front/qna/12/attachments/1');
    expect(contactListPath()).toBe('/qna');
    expect(contactListPath(3)).toBe('/qna?page=3');
  });
});
