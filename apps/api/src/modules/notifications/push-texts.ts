import type { Locale, NotificationKind } from '@balcony/contracts';

// What a push says, in the brand's locale: the device shows it without the web's messages.
// `{subject}` is the title of what it is about, `{number}` the episode number or the count of
// episodes. The web's list says the same from its own messages (Notifications.kinds).

const TEXTS: Record<Locale, Record<NotificationKind, string>> = {
  en: {
    NEW_EPISODE: '{subject}: episode {number} is out',
    CONTACT_ANSWER: 'Your request “{subject}” has an answer',
    GIFT_RECEIVED: 'A gift is waiting in your gift box: {subject}',
    COUPON_EXPIRING: 'Your coupon “{subject}” expires soon',
    RENTAL_ENDING: '{subject}: your rental of {number} episode(s) ends within 24 hours',
    FREETIME_READY: '{subject}: your wait-until-free ticket is ready',
  },
  fr: {
    NEW_EPISODE: '{subject} : l’épisode {number} est sorti',
    CONTACT_ANSWER: 'Votre demande « {subject} » a reçu une réponse',
    GIFT_RECEIVED: 'Un cadeau vous attend : {subject}',
    COUPON_EXPIRING: 'Votre coupon « {subject} » expire bientôt',
    RENTAL_ENDING: '{subject} : votre location de {number} épisode(s) se termine dans moins de 24 heures',
    FREETIME_READY: '{subject} : votre ticket gratuit est de nouveau disponible',
  },
  de: {
    NEW_EPISODE: '{subject}: Folge {number} ist erschienen',
    CONTACT_ANSWER: 'Ihre Anfrage „{subject}“ wurde beantwortet',
    GIFT_RECEIVED: 'Ein Geschenk wartet auf Sie: {subject}',
    COUPON_EXPIRING: 'Ihr Gutschein „{subject}“ läuft bald ab',
    RENTAL_ENDING: '{subject}: Ihre Ausleihe von {number} Folge(n) endet in weniger als 24 Stunden',
    FREETIME_READY: '{subject}: Ihr Gratis-Ticket ist wieder verfügbar',
  },
  ja: {
    NEW_EPISODE: '{subject}：第{number}話が公開されました',
    CONTACT_ANSWER: 'お問い合わせ「{subject}」に回答がありました',
    GIFT_RECEIVED: 'プレゼントが届いています：{subject}',
    COUPON_EXPIRING: 'クーポン「{subject}」の有効期限が近づいています',
    RENTAL_ENDING: '{subject}：レンタル中の{number}話が24時間以内に終了します',
    FREETIME_READY: '{subject}：待てば無料のチケットが使えます',
  },
  th: {
    NEW_EPISODE: '{subject}: ตอนที่ {number} มาแล้ว',
    CONTACT_ANSWER: 'คำขอ “{subject}” ของคุณได้รับคำตอบแล้ว',
    GIFT_RECEIVED: 'มีของขวัญรอคุณอยู่: {subject}',
    COUPON_EXPIRING: 'คูปอง “{subject}” ของคุณใกล้หมดอายุแล้ว',
    RENTAL_ENDING: '{subject}: การเช่า {number} ตอนของคุณจะสิ้นสุดภายใน 24 ชั่วโมง',
    FREETIME_READY: '{subject}: ตั๋วอ่านฟรีของคุณพร้อมใช้แล้ว',
  },
  'zh-TW': {
    NEW_EPISODE: '{subject}：第 {number} 話已上架',
    CONTACT_ANSWER: '您的提問「{subject}」已有回覆',
    GIFT_RECEIVED: '有一份禮物等您領取：{subject}',
    COUPON_EXPIRING: '您的優惠券「{subject}」即將到期',
    RENTAL_ENDING: '{subject}：您租借的 {number} 話將在 24 小時內到期',
    FREETIME_READY: '{subject}：等待免費券已可使用',
  },
};

export function pushText(locale: Locale, kind: NotificationKind, params: { subject: string; number: number | null }) {
  return TEXTS[locale][kind].replace('{subject}', params.subject).replace('{number}', String(params.number ?? ''));
}
