import { offerFile } from '@/lib/client-api';

/** Offers text made in the browser (the CSV of codes just answered) as a file download. */
export function saveText(text: string, fileName: string, type: string): void {
  offerFile(new Blob([text], { type }), fileName);
}
