import { ClientPlatform } from '@balcony/contracts';
import { z } from 'zod';

/**
 * The headers of spec §7, declared on each route for the OpenAPI document. They are enforced
 * earlier, by the /api/v1 hook, which answers UNKNOWN_BRAND / INVALID_HEADER.
 */
export const RequiredHeaders = z.object({
  'x-balcony-id': z.string(),
  'x-balcony-timezone': z.string(),
  'x-platform': ClientPlatform,
});
