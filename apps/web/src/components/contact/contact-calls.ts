import { type ContactForm, type ContactRequest, ContactRequest as ContactRequestSchema } from '@balcony/contracts';
import { getCsrfToken, sessionFetch } from '@/components/session/client';
import { FrontError } from '@/components/session/front-error';
import { readAnswer } from '@/lib/api/envelope';

// The browser's contact call: the form and its images as multipart through the front proxy,
// which adds the member's bearer (the token never reaches this code). Loaded by the form only
// when it is sent.

export async function fileContactRequest(form: ContactForm, images: readonly File[]): Promise<ContactRequest> {
  const body = new FormData();
  body.append('category', form.category);
  body.append('title', form.title);
  body.append('content', form.content);
  for (const image of images) body.append('images', image, image.name);
  let status: number;
  let answer: unknown;
  try {
    const response = await sessionFetch('/api/front/qna', {
      method: 'POST',
      headers: { 'x-csrf-token': await getCsrfToken() },
      body,
      credentials: 'same-origin',
      cache: 'no-store',
    });
    status = response.status;
    answer = await response.json();
  } catch (cause) {
    throw new FrontError('CLIENT_FETCH_ERROR', 0, { cause });
  }
  const read = readAnswer(answer, ContactRequestSchema);
  switch (read.kind) {
    case 'data':
      return read.data;
    case 'refused':
      throw new FrontError(read.code, status);
    case 'broken':
      throw new FrontError('INTERNAL_ERROR', 502, { cause: read.cause });
  }
}
