import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AdminRole, DisplayChannel, Genre, OwnershipType, ScheduleKey } from '@balcony/contracts';
import sharp from 'sharp';
import type { Db } from '../src/db/client.js';
import {
  adminAccounts,
  adminSessions,
  banners,
  episodePages,
  episodes,
  genres,
  ownerships,
  series,
  seriesBrands,
  seriesGenres,
  users,
} from '../src/db/schema.js';
import { hashToken } from '../src/modules/admin/accounts.js';
import { newTotpSecret, sealSecret, type TotpKeys } from '../src/modules/admin/totp.js';
import { createTokenSigner, type TokenSettings } from '../src/modules/auth/tokens.js';
import { reindexSearch } from '../src/modules/catalog/service.js';

// Small, explicit test data: each test states the series it needs.

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

export interface SeriesSpec {
  title?: string;
  brands?: string[];
  status?: 'COMPLETED' | 'SCHEDULED' | 'PAUSED';
  schedule?: ScheduleKey[];
  isAdult?: boolean;
  isBl?: boolean;
  genres?: Genre[];
  viewCount?: number;
  discountPercent?: number;
  format?: 'SERIAL' | 'SINGLE';
  brandPublishedAt?: Date;
  /** Hours until a used wait-until-free ticket is back (null: the series offers none). */
  freetimeIntervalHours?: number;
  /** Episodes published one day apart ending `now`; `free` first ones are free. */
  episodes?: { count: number; free: number; freetime?: boolean; scheduled?: number; pages?: number; now?: Date };
}

export async function createSeries(db: Db, spec: SeriesSpec = {}) {
  const slug = unique('series');
  const title = spec.title ?? `Title ${slug}`;
  const [row] = await db
    .insert(series)
    .values({
      slug,
      title,
      synopsis: `Synopsis of ${title}`,
      status: spec.status ?? 'SCHEDULED',
      schedule: spec.schedule ?? ['MONDAY'],
      isAdult: spec.isAdult ?? false,
      isBl: spec.isBl ?? false,
      format: spec.format ?? 'SERIAL',
      coverKey: `demo/covers/${slug}.png`,
      thumbnailKey: `demo/thumbs/${slug}.png`,
    })
    .returning();
  if (!row) throw new Error('series insert returned nothing');
  const genreCodes: Genre[] = spec.genres ?? (spec.isBl ? ['BL'] : ['DRAMA']);
  await db
    .insert(genres)
    .values(genreCodes.map((code) => ({ code })))
    .onConflictDoNothing();
  await db.insert(seriesGenres).values(genreCodes.map((genre) => ({ seriesId: row.id, genre })));
  await db.insert(seriesBrands).values(
    (spec.brands ?? ['delitoonb-fr']).map((brandId) => ({
      seriesId: row.id,
      brandId,
      title,
      synopsis: `Synopsis of ${title}`,
      viewCount: spec.viewCount ?? 100,
      discountPercent: spec.discountPercent ?? 0,
      publishedAt: spec.brandPublishedAt ?? new Date('2025-01-01T00:00:00Z'),
      freetimeIntervalHours: spec.freetimeIntervalHours ?? null,
    })),
  );
  const eps = spec.episodes ?? { count: 3, free: 1 };
  const now = eps.now ?? new Date();
  const day = 24 * 3600 * 1000;
  const total = eps.count + (eps.scheduled ?? 0);
  const inserted = await db
    .insert(episodes)
    .values(
      Array.from({ length: total }, (_, i) => ({
        seriesId: row.id,
        number: i + 1,
        title: `Episode ${i + 1}`,
        // Published ones end one hour before now; scheduled ones follow, one day apart.
        publishedAt: new Date(now.getTime() - 3600_000 - (eps.count - 1 - i) * day),
        isFree: i < eps.free,
        freetime: eps.freetime ?? false,
        rentPrice: 2,
        buyPrice: 4,
        thumbnailKey: `demo/episodes/${slug}/${i + 1}.png`,
      })),
    )
    .returning();
  const pageCount = eps.pages ?? 2;
  await db.insert(episodePages).values(
    inserted.flatMap((e) =>
      Array.from({ length: pageCount }, (_, k) => ({
        episodeId: e.id,
        position: k + 1,
        imageKey: `demo/pages/${slug}/${e.number}/${k + 1}.png`,
        width: 800,
        height: 1200,
      })),
    ),
  );
  await reindexSearch(db, { onlyEmpty: true });
  return { ...row, episodes: inserted };
}

export async function createBanner(db: Db, brandId: string, linkUrl: string, channel: DisplayChannel = 'WEB') {
  const [row] = await db
    .insert(banners)
    .values({ brandId, title: unique('banner'), imageKey: 'demo/banners/x.png', linkUrl, displayChannel: channel })
    .returning();
  return row;
}

export interface MemberSpec {
  brandId?: string;
  /** A birth date makes the member an adult-verified one (with showAdult on). */
  birthedAt?: string;
  isBlToggle?: boolean;
}

/** A member straight in the database, with an access token signed by the app's own signer. */
export async function createMember(db: Db, auth: TokenSettings, spec: MemberSpec = {}) {
  const brandId = spec.brandId ?? 'delitoonb-fr';
  const adult = spec.birthedAt !== undefined;
  const [row] = await db
    .insert(users)
    .values({
      brandId,
      email: `${unique('member')}@example.com`,
      nickname: unique('reader'),
      status: 'ACTIVE',
      isAdult: adult,
      showAdult: adult,
      birthedAt: spec.birthedAt ?? null,
      isBlToggle: spec.isBlToggle ?? true,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  const { token } = await createTokenSigner(auth).signAccess({ userId: row.id, brandId }, new Date());
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** Gives a member an episode, as a purchase, rental, gift or ticket will. */
export async function grant(
  db: Db,
  row: {
    userId: number;
    episodeId: number;
    seriesId: number;
    kind: OwnershipType;
    expiresAt?: Date | null;
    createdAt?: Date;
  },
) {
  await db.insert(ownerships).values({ ...row, expiresAt: row.expiresAt ?? null, source: row.kind });
}

/** Stores an original for the page key of a media URL (signed or not), as an upload would. */
export async function storeOriginal(mediaDir: string, url: string): Promise<void> {
  const key = url.split('?')[0]?.replace(/^\/media\//, '') ?? '';
  const file = join(mediaDir, 'originals', key);
  await mkdir(dirname(file), { recursive: true });
  const png = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  await writeFile(file, png);
}

export interface AdminSpec {
  /** SUPPORT unless given. */
  roles?: AdminRole[];
  /** The brands the admin may act in; every brand unless given. */
  brandIds?: string[];
}

/**
 * A console admin straight in the database, with a live admin session (as a login with the
 * password and TOTP would give; test/admin-console.test.ts tests that login itself).
 */
export async function createAdmin(db: Db, totp: TotpKeys, spec: AdminSpec = {}) {
  const totpSecret = newTotpSecret();
  const [row] = await db
    .insert(adminAccounts)
    .values({
      email: `${unique('admin')}@example.com`,
      name: unique('Admin'),
      // Not a hash of any password: this admin never logs in with one.
      passwordHash: 'not-a-password-hash',
      totpSecret: sealSecret(totp, totpSecret),
      roles: spec.roles ?? ['SUPPORT'],
      brandIds: spec.brandIds ?? [],
    })
    .returning();
  if (!row) throw new Error('admin insert returned nothing');
  const token = `adm.${randomBytes(32).toString('base64url')}`;
  await db.insert(adminSessions).values({
    adminId: row.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 8 * 3600_000),
  });
  return { id: row.id, email: row.email, token, totpSecret, headers: { authorization: `Bearer ${token}` } };
}
