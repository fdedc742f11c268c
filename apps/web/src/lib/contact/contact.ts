import {
  CONTACT_CONTENT_MAX,
  CONTACT_MAX_IMAGE_BYTES,
  CONTACT_MAX_IMAGES,
  CONTACT_TITLE_MAX,
  ContactForm,
} from '@balcony/contracts';

// Pure rules of the contact screens (spec §2 /qna, /qna/register; §5 "at most 3 images, each at
// most 3 MB"): what the form may send, checked in the browser before anything is uploaded, and
// where a request's images are fetched (through the front proxy, with the member's cookie).

export const CONTACT_PATH = '/qna';
export const CONTACT_REGISTER_PATH = '/qna/register';

/** Image types the picker offers and the form accepts; the api checks the bytes again. */
export const CONTACT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const ACCEPTED_TYPES: ReadonlySet<string> = new Set(CONTACT_ACCEPT.split(','));

export { CONTACT_CONTENT_MAX, CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGES, CONTACT_TITLE_MAX };

/** What is wrong with the chosen images, in the order a reader fixes it; null when they may go. */
export type ImageProblem = 'tooMany' | 'tooLarge' | 'notImage' | 'empty';

export function imagesProblem(files: readonly { size: number; type: string }[]): ImageProblem | null {
  if (files.length > CONTACT_MAX_IMAGES) return 'tooMany';
  if (files.some((f) => !ACCEPTED_TYPES.has(f.type.toLowerCase()))) return 'notImage';
  if (files.some((f) => f.size === 0)) return 'empty';
  if (files.some((f) => f.size > CONTACT_MAX_IMAGE_BYTES)) return 'tooLarge';
  return null;
}

/** The first field of the form that is not right (empty or too long), or null. */
export function formProblem(fields: { category: string; title: string; content: string }): keyof typeof fields | null {
  const parsed = ContactForm.safeParse(fields);
  if (parsed.success) return null;
  const field = parsed.error.issues[0]?.path[0];
  return field === 'category' || field === 'title' || field === 'content' ? field : 'title';
}

/** A request's image, through the web's front proxy: the session cookie authenticates it. */
export function contactImagePath(requestId: number, position: number): string {
  return `/api/front/qna/${requestId}/attachments/${position}`;
}

/** /qna, page `page`. */
export function contactListPath(page = 1): string {
  return page > 1 ? `${CONTACT_PATH}?page=${page}` : CONTACT_PATH;
}

/** Megabytes, one decimal, for the size hint. */
export const MAX_IMAGE_MB = CONTACT_MAX_IMAGE_BYTES / (1024 * 1024);
