import { z } from 'zod';
import { CONTACT_MAX_IMAGES } from './constants.js';
import { IdParam, PageNumber, text } from './inputs.js';

// Contact requests (spec §2 /qna, /qna/register; §3 "Contact form: category, title, content, up
// to 3 image attachments. Request status: WAIT, COMPLETED"; §5 and §9 "at most 3 images, each at
// most 3 MB"; §8 LIMIT_QNA_COUNT) and the admin calls that answer them (issue 13 items 4 and 8).
// Decisions 0200–0204.

/** What a request is about (spec §3 names the field, not its values; decision 0200). */
export const ContactCategory = z.enum(['ACCOUNT', 'PAYMENT', 'CONTENT', 'VIEWER', 'BUG', 'SUGGESTION', 'OTHER']);
export type ContactCategory = z.infer<typeof ContactCategory>;

/** WAIT until an admin answers, then COMPLETED (spec §3). */
export const ContactStatus = z.enum(['WAIT', 'COMPLETED']);
export type ContactStatus = z.infer<typeof ContactStatus>;

/** Requests a member may file per day, counted in the brand's time zone (LIMIT_QNA_COUNT; decision 0202). */
export const CONTACT_DAILY_LIMIT = 5;
/** Longest title and content, in UTF-16 units. */
export const CONTACT_TITLE_MAX = 100;
export const CONTACT_CONTENT_MAX = 2000;
/** Longest answer an admin may write. */
export const CONTACT_ANSWER_MAX = 5000;
/** Largest image accepted, in pixels, read from the file's header before any decoding (decision 0201). */
export const CONTACT_MAX_IMAGE_PIXELS = 40_000_000;
/** Requests per page of /qna. */
export const CONTACT_PAGE_SIZE = 10;

/** A non-empty text: trimmed, at most `max` units, no control characters but tab and line breaks. */
const filled = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { message: 'INVALID_PARAMETER' }));

/**
 * The text fields of POST /qna (a multipart form: these fields plus up to CONTACT_MAX_IMAGES files
 * named `images`). The web checks the same schema before sending.
 */
export const ContactForm = z.object({
  category: ContactCategory,
  title: filled(CONTACT_TITLE_MAX),
  content: filled(CONTACT_CONTENT_MAX),
});
export type ContactForm = z.infer<typeof ContactForm>;

/** One stored image of a request: re-encoded as WebP, metadata stripped. */
export const ContactAttachment = z.object({
  /** 0, 1 or 2: its place in the request, and in its URL. */
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ContactAttachment = z.infer<typeof ContactAttachment>;

/** A request as its member (and an admin) sees it. */
export const ContactRequest = z.object({
  id: z.number().int(),
  category: ContactCategory,
  title: z.string(),
  content: z.string(),
  status: ContactStatus,
  /** The admin's answer, once COMPLETED. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(ContactAttachment),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactListQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(CONTACT_PAGE_SIZE),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;

/** GET /qna: the member's requests, newest first, and how many more may be filed today. */
export const ContactPage = z.object({
  items: z.array(ContactRequest),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** Requests filed today (brand time zone) and the daily limit. */
  today: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type ContactPage = z.infer<typeof ContactPage>;

export const ContactIdParams = z.object({ id: IdParam });
export const ContactAttachmentParams = z.object({
  id: IdParam,
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(CONTACT_MAX_IMAGES - 1),
});

// ——— admin ———

export const AdminContactQuery = z.object({
  status: ContactStatus.optional(),
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminContactQuery = z.infer<typeof AdminContactQuery>;

/** A request as an admin lists it: whose it is, and who answered. */
export const AdminContactRequest = ContactRequest.extend({
  userId: z.number().int(),
  answeredBy: z.number().int().nullable(),
});
export type AdminContactRequest = z.infer<typeof AdminContactRequest>;

/** GET /admin/qna: the brand's requests, oldest waiting first with ?status=WAIT, else newest first. */
export const AdminContactPage = z.object({
  items: z.array(AdminContactRequest),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminContactPage = z.infer<typeof AdminContactPage>;

/** POST /admin/qna/{id}/answer: sets the answer (again, if it was answered) and COMPLETED. */
export const AdminContactAnswer = z.object({ answer: filled(CONTACT_ANSWER_MAX) });
export type AdminContactAnswer = z.infer<typeof AdminContactAnswer>;
