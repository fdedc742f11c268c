import { DAY_MS } from '@balcony/contracts';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { episodes, pickItems, picks, series, seriesBrands, seriesNotices } from '../schema.js';
import { DEMO_BRANDS, demoSeries } from './catalog-data.js';
import { hashString } from './random.js';
import type { Localized } from './words.js';

// What the reading screens need beyond series and episodes: free-time ticket intervals, series
// notices and editors' picks. Each step adds only what is missing, so it runs on every start.

const PICK_SIZE = 8;
const NOTICED_SERIES_PER_BRAND = 8;

interface NoticeText {
  title: Localized;
  body: Localized;
}

const NOTICES: readonly NoticeText[] = [
  {
    title: {
      en: 'Schedule update',
      fr: 'Changement de calendrier',
      de: 'Neuer Veröffentlichungsplan',
      ja: '更新スケジュールのお知らせ',
      th: 'แจ้งเปลี่ยนตารางอัปเดต',
      'zh-TW': '更新時間調整公告',
    },
    body: {
      en: 'From this week, new episodes come out at 10:00 instead of 12:00.',
      fr: 'À partir de cette semaine, les nouveaux épisodes sortent à 10 h au lieu de 12 h.',
      de: 'Ab dieser Woche erscheinen neue Episoden um 10 Uhr statt um 12 Uhr.',
      ja: '今週から、新しいエピソードは12時ではなく10時に公開されます。',
      th: 'ตั้งแต่สัปดาห์นี้ ตอนใหม่จะเผยแพร่เวลา 10:00 น. แทน 12:00 น.',
      'zh-TW': '自本週起，新集數改為10點更新，不再是12點。',
    },
  },
  {
    title: {
      en: 'Short break',
      fr: 'Courte pause',
      de: 'Kurze Pause',
      ja: '休載のお知らせ',
      th: 'พักการเผยแพร่ชั่วคราว',
      'zh-TW': '休刊公告',
    },
    body: {
      en: 'The artist is taking a week off; the story continues the week after.',
      fr: "L'artiste prend une semaine de repos ; l'histoire reprend la semaine suivante.",
      de: 'Die Zeichnerin macht eine Woche Pause; danach geht die Geschichte weiter.',
      ja: '作家の休養のため1週お休みし、翌週から再開します。',
      th: 'นักเขียนขอพักหนึ่งสัปดาห์ เรื่องราวจะกลับมาในสัปดาห์ถัดไป',
      'zh-TW': '作者休息一週，下週繼續連載。',
    },
  },
  {
    title: {
      en: 'Season 1 finale',
      fr: 'Final de la saison 1',
      de: 'Finale der ersten Staffel',
      ja: 'シーズン1完結',
      th: 'ตอนจบซีซั่น 1',
      'zh-TW': '第一季完結',
    },
    body: {
      en: 'Thank you for reading! Season 2 starts after a short break.',
      fr: 'Merci de votre lecture ! La saison 2 commence après une courte pause.',
      de: 'Danke fürs Lesen! Staffel 2 beginnt nach einer kurzen Pause.',
      ja: 'ご愛読ありがとうございます！シーズン2は少しお休みしてから始まります。',
      th: 'ขอบคุณที่ติดตาม! ซีซั่น 2 จะเริ่มหลังพักสั้น ๆ',
      'zh-TW': '感謝閱讀！第二季將在短暫休息後開始。',
    },
  },
];

type PickKind = 'staff' | 'complete' | 'free';

const PICKS: readonly { kind: PickKind; title: Localized; description: Localized }[] = [
  {
    kind: 'staff',
    title: {
      en: 'Staff picks',
      fr: 'Les coups de cœur de l’équipe',
      de: 'Lieblinge der Redaktion',
      ja: '編集部のおすすめ',
      th: 'ทีมงานแนะนำ',
      'zh-TW': '編輯精選',
    },
    description: {
      en: 'The series our editors cannot stop reading.',
      fr: 'Les séries que notre équipe ne lâche plus.',
      de: 'Die Serien, von denen unsere Redaktion nicht genug bekommt.',
      ja: '編集部が夢中になっている作品です。',
      th: 'เรื่องที่ทีมงานอ่านแล้ววางไม่ลง',
      'zh-TW': '編輯們愛不釋手的作品。',
    },
  },
  {
    kind: 'complete',
    title: {
      en: 'Complete stories to binge',
      fr: 'Séries terminées à dévorer',
      de: 'Abgeschlossene Serien zum Durchlesen',
      ja: '一気読みできる完結作品',
      th: 'เรื่องจบแล้ว อ่านรวดเดียว',
      'zh-TW': '一口氣看完的完結作品',
    },
    description: {
      en: 'Every episode is out: read to the end tonight.',
      fr: 'Tous les épisodes sont sortis : lisez jusqu’au bout ce soir.',
      de: 'Alle Episoden sind erschienen: heute Abend bis zum Ende lesen.',
      ja: '全話公開済み。今夜最後まで読めます。',
      th: 'ออกครบทุกตอนแล้ว อ่านจนจบได้คืนนี้',
      'zh-TW': '全集已上架，今晚一次看到結局。',
    },
  },
  {
    kind: 'free',
    title: {
      en: 'Start for free',
      fr: 'Commencez gratuitement',
      de: 'Kostenlos einsteigen',
      ja: '無料で読み始める',
      th: 'เริ่มอ่านฟรี',
      'zh-TW': '免費開始看',
    },
    description: {
      en: 'The first episodes are on us.',
      fr: 'Les premiers épisodes sont offerts.',
      de: 'Die ersten Episoden gehen auf uns.',
      ja: '最初のエピソードは無料です。',
      th: 'ตอนแรก ๆ อ่านฟรี',
      'zh-TW': '前幾集免費看。',
    },
  },
];

export async function seedReadingExtras(db: Db, opts: { now: Date; log: (msg: string) => void }): Promise<void> {
  await setFreetimeIntervals(db);
  await addNotices(db, opts.now, opts.log);
  await addPicks(db, opts.now, opts.log);
}

/** Series with ticket-eligible episodes get a ticket back every 24 or 72 hours, by series. */
async function setFreetimeIntervals(db: Db): Promise<void> {
  await db
    .update(seriesBrands)
    .set({ freetimeIntervalHours: sql`case when ${seriesBrands.seriesId} % 2 = 0 then 24 else 72 end` })
    .where(
      and(
        isNull(seriesBrands.freetimeIntervalHours),
        sql`exists (select 1 from ${episodes} e where e.series_id = ${seriesBrands.seriesId} and e.freetime)`,
      ),
    );
}

async function brandsWithout(db: Db, table: typeof seriesNotices | typeof picks): Promise<typeof DEMO_BRANDS> {
  const present = await db.selectDistinct({ brandId: table.brandId }).from(table);
  const done = new Set(present.map((r) => r.brandId));
  return DEMO_BRANDS.filter((b) => !done.has(b.id));
}

async function demoIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: series.id, slug: series.slug })
    .from(series)
    .where(
      inArray(
        series.slug,
        demoSeries.map((s) => s.slug),
      ),
    );
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Demo series of a brand, most viewed first. */
function brandLineUp(brandId: string) {
  return demoSeries
    .flatMap((s) => s.licenses.filter((l) => l.brandId === brandId).map((l) => ({ s, views: l.viewCount })))
    .sort((a, b) => b.views - a.views)
    .map((x) => x.s);
}

async function addNotices(db: Db, now: Date, log: (msg: string) => void): Promise<void> {
  const brands = await brandsWithout(db, seriesNotices);
  if (brands.length === 0) return;
  const ids = await demoIds(db);
  const rows = brands.flatMap((brand) =>
    brandLineUp(brand.id)
      .filter((s) => s.status !== 'COMPLETED')
      .slice(0, NOTICED_SERIES_PER_BRAND)
      .flatMap((s) => {
        const seriesId = ids.get(s.slug);
        if (seriesId === undefined) return [];
        // Two or three notices, a few days apart, so "the 2 latest" leaves one out sometimes.
        const count = 2 + (hashString(`${brand.id}/${s.slug}`) % 2);
        return NOTICES.slice(0, count).map((n, i) => ({
          seriesId,
          brandId: brand.id,
          title: n.title[brand.locale],
          body: n.body[brand.locale],
          publishedAt: new Date(now.getTime() - (i * 5 + 1) * DAY_MS),
        }));
      }),
  );
  if (rows.length > 0) await db.insert(seriesNotices).values(rows);
  log(`series notices added for ${brands.length} brands`);
}

async function addPicks(db: Db, now: Date, log: (msg: string) => void): Promise<void> {
  const brands = await brandsWithout(db, picks);
  if (brands.length === 0) return;
  const ids = await demoIds(db);
  for (const brand of brands) {
    const lineUp = brandLineUp(brand.id).filter((s) => !s.isAdult);
    const chosen: Record<PickKind, typeof lineUp> = {
      // Every third series down the ranking: favourites beyond the obvious top ones.
      staff: lineUp.filter((_, i) => i % 3 === 1),
      complete: lineUp.filter((s) => s.status === 'COMPLETED'),
      free: lineUp.filter((s) => s.freeCount > 0),
    };
    for (const [position, pick] of PICKS.entries()) {
      const members = chosen[pick.kind].slice(0, PICK_SIZE).flatMap((s) => ids.get(s.slug) ?? []);
      if (members.length === 0) continue;
      const [row] = await db
        .insert(picks)
        .values({
          brandId: brand.id,
          title: pick.title[brand.locale],
          description: pick.description[brand.locale],
          position,
          startsAt: new Date(now.getTime() - DAY_MS),
        })
        .returning({ id: picks.id });
      if (!row) throw new Error('pick insert returned nothing');
      await db.insert(pickItems).values(members.map((seriesId, i) => ({ pickId: row.id, seriesId, position: i })));
    }
  }
  log(`editors' picks added for ${brands.length} brands`);
}
