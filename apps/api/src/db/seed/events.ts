import { randomBytes } from 'node:crypto';
import { BRANDS, DAY_MS, type EventKind, type Locale, PlatformId } from '@balcony/contracts';
import { and, eq, gt, lte } from 'drizzle-orm';
import { seedHash } from '../../modules/events/rules.js';
import type { Db } from '../client.js';
import { eventPrizes, eventRewards, events, eventThemes } from '../schema.js';

// Demo events (decision 0245): an attendance check, a roulette and an emoticon event per brand,
// in the brand's language, running from three days ago for a month, so that a fresh start shows
// them. Idempotent: a brand already running a demo event of a kind keeps it. No addEarn or
// discount event is seeded: they would change every charge and price of the demo.

const TEXTS: Record<Locale, Record<EventKind, { title: string; description: string }>> = {
  en: {
    ATTENDANCE: {
      title: 'Daily check-in',
      description: 'Check in every day for free coins and a roulette ticket; 7 days in a row earn 10 bonus coins.',
    },
    ROULETTE: { title: 'Lucky roulette', description: 'Spend a roulette ticket and win up to 50 coins.' },
    EMOTICON: {
      title: 'How do you feel this week?',
      description: 'Pick your emoticon once and receive a roulette ticket and 10 points.',
    },
  },
  fr: {
    ATTENDANCE: {
      title: 'Pointage quotidien',
      description:
        'Pointez chaque jour pour des coins gratuits et un ticket de roulette ; 7 jours d’affilée rapportent 10 coins bonus.',
    },
    ROULETTE: {
      title: 'Roulette chanceuse',
      description: 'Utilisez un ticket de roulette et gagnez jusqu’à 50 coins.',
    },
    EMOTICON: {
      title: 'Votre humeur de la semaine ?',
      description: 'Choisissez votre émoticône une fois et recevez un ticket de roulette et 10 points.',
    },
  },
  de: {
    ATTENDANCE: {
      title: 'Täglicher Check-in',
      description:
        'Melde dich jeden Tag an für Gratis-Coins und ein Roulette-Ticket; 7 Tage in Folge bringen 10 Bonus-Coins.',
    },
    ROULETTE: { title: 'Glücksroulette', description: 'Setze ein Roulette-Ticket ein und gewinne bis zu 50 Coins.' },
    EMOTICON: {
      title: 'Wie fühlst du dich diese Woche?',
      description: 'Wähle einmal dein Emoticon und erhalte ein Roulette-Ticket und 10 Punkte.',
    },
  },
  ja: {
    ATTENDANCE: {
      title: '毎日出席チェック',
      description: '毎日出席すると無料コインとルーレットチケットがもらえます。7日連続で10ボーナスコイン。',
    },
    ROULETTE: { title: 'ラッキールーレット', description: 'ルーレットチケットを使って最大50コインをゲット。' },
    EMOTICON: {
      title: '今週の気分は？',
      description: '絵文字を1回選ぶと、ルーレットチケットと10ポイントがもらえます。',
    },
  },
  th: {
    ATTENDANCE: { title: 'เช็กอินรายวัน', description: 'เช็กอินทุกวันรับเหรียญฟรีและตั๋วรูเล็ต เช็กอินต่อเนื่อง 7 วันรับโบนัส 10 เหรียญ' },
    ROULETTE: { title: 'รูเล็ตนำโชค', description: 'ใช้ตั๋วรูเล็ตเพื่อลุ้นรับสูงสุด 50 เหรียญ' },
    EMOTICON: { title: 'สัปดาห์นี้คุณรู้สึกอย่างไร?', description: 'เลือกอีโมติคอนหนึ่งครั้ง รับตั๋วรูเล็ตและ 10 คะแนน' },
  },
  'zh-TW': {
    ATTENDANCE: { title: '每日簽到', description: '每天簽到可獲得免費代幣與輪盤券；連續 7 天再得 10 枚紅利代幣。' },
    ROULETTE: { title: '幸運輪盤', description: '使用一張輪盤券，最高可贏得 50 枚代幣。' },
    EMOTICON: { title: '這週心情如何？', description: '選一次表情符號，即可獲得一張輪盤券與 10 點。' },
  },
};

type Reward = typeof eventRewards.$inferInsert;
const REWARDS: Record<EventKind, Omit<Reward, 'eventId'>[]> = {
  ATTENDANCE: [
    { kind: 'freeEarn', type: 'FREE_COIN', amount: 2 },
    { kind: 'freeEarn', type: 'ROULETTE_TICKET', amount: 1 },
    { kind: 'freeEarn', type: 'BONUS', amount: 10, streakDays: 7 },
  ],
  ROULETTE: [],
  EMOTICON: [
    { kind: 'freeEarn', type: 'ROULETTE_TICKET', amount: 1 },
    { kind: 'freeEarn', type: 'MILEAGE', amount: 10 },
  ],
};
const PRIZES = [
  { type: 'FREE_COIN', amount: 1, weight: 50 },
  { type: 'FREE_COIN', amount: 3, weight: 30 },
  { type: 'BONUS', amount: 10, weight: 15 },
  { type: 'COIN', amount: 50, weight: 5 },
] as const;

export async function seedDemoEvents(db: Db, { now }: { now: Date }): Promise<void> {
  for (const brandId of PlatformId.options) {
    const texts = TEXTS[BRANDS[brandId].locale];
    await db.transaction(async (tx) => {
      let [theme] = await tx.select().from(eventThemes).where(eq(eventThemes.brandId, brandId)).limit(1);
      if (!theme) {
        [theme] = await tx
          .insert(eventThemes)
          .values({ brandId, name: 'Demo', primaryColor: '#5b3cc4', accentColor: '#ffd23f' })
          .returning();
      }
      for (const kind of ['ATTENDANCE', 'ROULETTE', 'EMOTICON'] as const) {
        const [running] = await tx
          .select({ id: events.id })
          .from(events)
          .where(
            and(eq(events.brandId, brandId), eq(events.kind, kind), lte(events.startsAt, now), gt(events.endsAt, now)),
          )
          .limit(1);
        if (running) continue;
        const drawSeed = randomBytes(32).toString('hex');
        const [event] = await tx
          .insert(events)
          .values({
            brandId,
            kind,
            ...texts[kind],
            themeId: theme?.id ?? null,
            startsAt: new Date(now.getTime() - 3 * DAY_MS),
            endsAt: new Date(now.getTime() + 30 * DAY_MS),
            drawSeed,
            drawSeedHash: seedHash(drawSeed),
          })
          .returning();
        if (!event) throw new Error('demo event insert returned nothing');
        const rewards = REWARDS[kind];
        if (rewards.length > 0) await tx.insert(eventRewards).values(rewards.map((r) => ({ ...r, eventId: event.id })));
        if (kind === 'ROULETTE') {
          await tx.insert(eventPrizes).values(PRIZES.map((p, position) => ({ ...p, position, eventId: event.id })));
        }
      }
    });
  }
}
