import { notFound } from 'next/navigation';

/** /404 (spec §2 technical routes) is the 404 screen itself, with its status. */
export default function NotFoundPage(): never {
  notFound();
}
