import { redirect } from 'next/navigation';
import { routes } from '@/lib/navigation/routes';

/** /library opens the first library tab. */
export default function LibraryPage() {
  redirect(routes.library('my'));
}
