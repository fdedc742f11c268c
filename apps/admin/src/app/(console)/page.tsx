import { redirect } from 'next/navigation';
import { Forbidden } from '@/components/ui/Forbidden';
import { getConsole } from '@/lib/console';
import { navFor } from '@/lib/nav';

// The console's home: the first area the admin may open.
export default async function ConsoleHome() {
  const { admin } = await getConsole();
  const first = navFor(admin.roles)[0];
  if (first) redirect(first.href);
  return <Forbidden />;
}
