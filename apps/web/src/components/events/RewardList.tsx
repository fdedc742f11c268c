import { type BrandConfig, type EventSummary, formatDate } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import styles from './Events.module.css';

type EventsT = Awaited<ReturnType<typeof getT<'Events'>>>;

/** One reward of an event in words (decision 0241): what it gives, and when. */
function rewardText(reward: EventSummary['rewards'][number], kind: EventSummary['kind'], t: EventsT) {
  if (reward.kind === 'addEarn') {
    const type =
      reward.type === 'FREE_COIN' || reward.type === 'BONUS' || reward.type === 'MILEAGE' ? reward.type : 'BONUS';
    return t('reward.addEarn', { percent: reward.percent ?? 0, type: t(`typeNames.${type}`) });
  }
  if (reward.kind === 'discount' || reward.type === null) return t('reward.discount', { percent: reward.percent ?? 0 });
  const what = t(`types.${reward.type}`, { count: reward.amount ?? 0 });
  if (reward.streakDays !== null) return t('reward.streak', { what, days: reward.streakDays });
  return kind === 'EMOTICON' ? t('reward.reaction', { what }) : t('reward.daily', { what });
}

/** What an event gives: its rewards, or a roulette's prizes with their chances. */
export async function RewardList({ event }: { event: EventSummary }) {
  const t = await getT('Events');
  const items = [
    ...event.rewards.map((r) => rewardText(r, event.kind, t)),
    ...event.prizes.map((p) =>
      t('reward.prize', {
        what: t(`types.${p.type}`, { count: p.amount }),
        chance: Math.round(p.chance * 1000) / 10,
      }),
    ),
  ];
  if (items.length === 0) return null;
  return (
    <ul className={styles.rewards} data-testid="event-rewards">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** The event's period and audience, as a line under its title. */
export async function EventMeta({ event, brand }: { event: EventSummary; brand: BrandConfig }) {
  const t = await getT('Events');
  return (
    <p className={styles.meta}>
      {t('period', { start: formatDate(brand, event.startsAt), end: formatDate(brand, event.endsAt) })}
      {event.audience !== 'ALL' && <span className={styles.badge}>{t(`audience.${event.audience}`)}</span>}
    </p>
  );
}
