// The transfer pages of spec §2 and where the member's signed file is downloaded.
export const TRANSFER_PATHS = {
  note: '/transfer/note',
  login: '/transfer/apply/login',
  confirm: '/transfer/apply/confirm',
  wrong: '/transfer/apply/wrong',
  status: '/transfer/apply/status',
  /** GET /transfer/file through the front proxy (a file, passed on as it came). */
  file: '/api/front/transfer/file',
} as const;
