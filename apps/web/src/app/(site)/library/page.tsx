import { redirect } from 'next/navigation';
import { routes } from '@/lib/routes';

/** /library opens the first library tab. */
export default function LibraryPage() {
  redirect(routes.library('my'));
}
