import 'server-only';
import type { Metadata } from 'next';
import { getT } from '../../i18n/server';
import type { LibraryTab } from '../navigation/routes';

/** A library tab's title ("Favourites · Library"); members' lists are never indexed. */
export async function libraryMetadata(tab: LibraryTab): Promise<Metadata> {
  const t = await getT('Library');
  return { title: `${t(`tabs.${tab}`)} · ${t('title')}`, robots: { index: false } };
}
