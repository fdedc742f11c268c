import { type BrandConfig, type EventSummary, formatCoins, formatDate } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import styles from './Events.module.css';

type EventsT = Awaited<ReturnType<typeof getT<'Events'>>>;

/** One reward of an event in words (decision 0241): what it gives, and when. */
function rewardText(
  reward: EventSummary['rewards'][number],
  kind: EventSummary['kind'],
  brand: BrandConfig,
  t: EventsT,
) {
  const amount = formatCoins(reward.amount ?? 0, brand.locale);
  const type = reward.type ? t(`types.${reward.type}`) : '';
  if (reward.kind === 'addEarn') return t('reward.addEarn', { percent: reward.percent ?? 0, type });
  if (reward.kind === 'discount') return t('reward.discount', { percent: reward.percent ?? 0 });
  if (reward.streakDays !== null) return t('reward.streak', { amount, type, days: reward.streakDays });
  return kind === 'EMOTICON' ? t('reward.reaction', { amount, type }) : t('reward.daily', { amount, type });
}

/** What an event gives: its rewards, or a roulette's prizes with their chances. */
export async function RewardList({ event, brand }: { event: EventSummary; brand: BrandConfig }) {
  const t = await getT('Events');
  const items = [
    ...event.rewards.map((r) => rewardText(r, event.kind, brand, t)),
    ...event.prizes.map((p) =>
      t('reward.prize', {
        amount: formatCoins(p.amount, brand.locale),
        type: t(`types.${p.type}`),
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
