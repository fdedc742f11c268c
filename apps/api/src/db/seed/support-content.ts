import type { Locale, PlatformId } from '@balcony/contracts';

// The demo notices, FAQ, policies and companies of every brand (decision 0186), in each brand's
// language. `{product}`, `{company}` and `{email}` are filled in per brand. Bodies use only the
// spec §9 allowlist (div, span, br, a with style), as an admin's would after sanitising.

export type Texts = Readonly<Record<Locale, string>>;

export interface DemoNotice {
  title: Texts;
  body: Texts;
  pinned: boolean;
  /** Days before the seed's `now`. */
  daysAgo: number;
}

const H = (text: string) => `<div style="font-weight:bold;font-size:1.125em">${text}</div>`;
const P = (text: string) => `<div>${text}</div>`;
const A = (href: string, text: string) => `<a href="${href}" style="color:#c8003c">${text}</a>`;
const B = (text: string) => `<span style="font-weight:bold">${text}</span>`;
const MARK = (text: string) => `<span style="background-color:#fff3c4">${text}</span>`;

export const DEMO_NOTICES: readonly DemoNotice[] = [
  {
    pinned: true,
    daysAgo: 30,
    title: {
      en: 'How to reach our support team',
      fr: 'Comment joindre notre service client',
      de: 'So erreichst du unseren Kundenservice',
      ja: 'お問い合わせ窓口のご案内',
      th: 'ช่องทางติดต่อฝ่ายบริการลูกค้า',
      'zh-TW': '客服聯絡方式說明',
    },
    body: {
      en: `${P('Thank you for reading on {product}.')}${P(`Most questions are answered in our ${A('/faq', 'FAQ')}. If yours is not, write to us at ${A('mailto:{email}', '{email}')}.`)}${P(`We answer ${B('Monday to Friday, 10:00 to 18:00')}, usually within two working days.`)}`,
      fr: `${P('Merci de lire sur {product}.')}${P(`La plupart des questions trouvent leur réponse dans notre ${A('/faq', 'FAQ')}. Sinon, écrivez-nous à ${A('mailto:{email}', '{email}')}.`)}${P(`Nous répondons ${B('du lundi au vendredi, de 10 h à 18 h')}, en général sous deux jours ouvrés.`)}`,
      de: `${P('Danke, dass du auf {product} liest.')}${P(`Die meisten Fragen beantworten wir in unseren ${A('/faq', 'FAQ')}. Wenn nicht, schreib uns an ${A('mailto:{email}', '{email}')}.`)}${P(`Wir antworten ${B('montags bis freitags von 10 bis 18 Uhr')}, meist innerhalb von zwei Werktagen.`)}`,
      ja: `${P('いつも{product}をご利用いただきありがとうございます。')}${P(`よくあるご質問は${A('/faq', 'FAQ')}にまとめています。解決しない場合は ${A('mailto:{email}', '{email}')} までご連絡ください。`)}${P(`受付時間は${B('平日 10:00〜18:00')}です。通常2営業日以内にご返信します。`)}`,
      th: `${P('ขอบคุณที่อ่านการ์ตูนกับ {product}')}${P(`คำถามส่วนใหญ่มีคำตอบอยู่ใน${A('/faq', 'คำถามที่พบบ่อย')} หากไม่พบคำตอบ โปรดเขียนถึงเราที่ ${A('mailto:{email}', '{email}')}`)}${P(`เราตอบกลับ${B('วันจันทร์ถึงวันศุกร์ เวลา 10:00–18:00 น.')} โดยปกติภายในสองวันทำการ`)}`,
      'zh-TW': `${P('感謝您在 {product} 閱讀作品。')}${P(`大部分問題都能在${A('/faq', '常見問題')}中找到解答。若仍無法解決，請來信至 ${A('mailto:{email}', '{email}')}。`)}${P(`客服時間為${B('週一至週五 10:00–18:00')}，通常會在兩個工作天內回覆。`)}`,
    },
  },
  {
    pinned: false,
    daysAgo: 2,
    title: {
      en: 'New this month: three series join the weekly schedule',
      fr: 'Nouveau ce mois-ci : trois séries rejoignent le calendrier hebdomadaire',
      de: 'Neu in diesem Monat: drei Serien im Wochenkalender',
      ja: '今月の新連載：3作品が週間連載に登場',
      th: 'ใหม่เดือนนี้: การ์ตูนสามเรื่องเข้าร่วมตารางรายสัปดาห์',
      'zh-TW': '本月新連載：三部作品加入每週更新',
    },
    body: {
      en: `${P(`${B('Three new series')} start this month, with a new episode every week.`)}${P(`${MARK('The first three episodes of each are free')} until the end of the month.<br />Find them in the ${A('/home/weekly', 'weekly schedule')}.`)}<div style="text-align:center;color:#5c5c5c">Happy reading!</div>`,
      fr: `${P(`${B('Trois nouvelles séries')} commencent ce mois-ci, avec un épisode chaque semaine.`)}${P(`${MARK('Les trois premiers épisodes de chacune sont offerts')} jusqu’à la fin du mois.<br />Retrouvez-les dans le ${A('/home/weekly', 'calendrier de la semaine')}.`)}<div style="text-align:center;color:#5c5c5c">Bonne lecture !</div>`,
      de: `${P(`${B('Drei neue Serien')} starten diesen Monat, mit einer neuen Episode pro Woche.`)}${P(`${MARK('Die ersten drei Episoden jeder Serie sind gratis')} bis Monatsende.<br />Du findest sie im ${A('/home/weekly', 'Wochenkalender')}.`)}<div style="text-align:center;color:#5c5c5c">Viel Spaß beim Lesen!</div>`,
      ja: `${P(`今月は${B('3つの新作')}が始まります。毎週1話ずつ更新します。`)}${P(`月末まで${MARK('各作品の第1話〜第3話が無料')}です。<br />${A('/home/weekly', '曜日別連載')}からご覧ください。`)}<div style="text-align:center;color:#5c5c5c">お楽しみください！</div>`,
      th: `${P(`${B('การ์ตูนใหม่สามเรื่อง')}เริ่มเดือนนี้ อัปเดตตอนใหม่ทุกสัปดาห์`)}${P(`${MARK('สามตอนแรกของแต่ละเรื่องอ่านฟรี')}จนถึงสิ้นเดือน<br />ดูได้ที่${A('/home/weekly', 'ตารางรายสัปดาห์')}`)}<div style="text-align:center;color:#5c5c5c">ขอให้สนุกกับการอ่าน!</div>`,
      'zh-TW': `${P(`本月有${B('三部新作')}開始連載，每週更新一話。`)}${P(`月底前${MARK('每部作品前三話免費')}。<br />請到${A('/home/weekly', '每週連載')}查看。`)}<div style="text-align:center;color:#5c5c5c">祝您閱讀愉快！</div>`,
    },
  },
  {
    pinned: false,
    daysAgo: 9,
    title: {
      en: 'Maintenance completed',
      fr: 'Maintenance terminée',
      de: 'Wartung abgeschlossen',
      ja: 'メンテナンス終了のお知らせ',
      th: 'การปิดปรับปรุงระบบเสร็จสิ้นแล้ว',
      'zh-TW': '系統維護完成',
    },
    body: {
      en: `${P('The scheduled maintenance of the reading servers is complete, and every service is available again.')}${P('Rentals that were running during the maintenance were extended by two hours. Thank you for your patience.')}`,
      fr: `${P('La maintenance programmée des serveurs de lecture est terminée ; tous les services sont de nouveau disponibles.')}${P('Les locations en cours pendant la maintenance ont été prolongées de deux heures. Merci de votre patience.')}`,
      de: `${P('Die geplante Wartung der Leseserver ist abgeschlossen, alle Dienste sind wieder verfügbar.')}${P('Ausleihen, die während der Wartung liefen, wurden um zwei Stunden verlängert. Danke für deine Geduld.')}`,
      ja: `${P('閲覧サーバーの定期メンテナンスが終了し、すべてのサービスがご利用いただけるようになりました。')}${P('メンテナンス中にレンタル期間中だった作品は、2時間延長しています。ご協力ありがとうございました。')}`,
      th: `${P('การปิดปรับปรุงเซิร์ฟเวอร์การอ่านตามกำหนดเสร็จสิ้นแล้ว ทุกบริการกลับมาใช้งานได้ตามปกติ')}${P('การเช่าที่อยู่ระหว่างการปิดปรับปรุงได้รับการขยายเวลาเพิ่มสองชั่วโมง ขอบคุณที่รอคอย')}`,
      'zh-TW': `${P('閱讀伺服器的定期維護已經完成，所有服務皆已恢復正常。')}${P('維護期間仍在租借中的作品，租借時間已延長兩小時。感謝您的耐心等候。')}`,
    },
  },
  {
    pinned: false,
    daysAgo: 20,
    title: {
      en: 'Our terms of use have been updated',
      fr: 'Nos conditions d’utilisation ont été mises à jour',
      de: 'Unsere Nutzungsbedingungen wurden aktualisiert',
      ja: '利用規約改定のお知らせ',
      th: 'เราได้ปรับปรุงข้อกำหนดการใช้งาน',
      'zh-TW': '服務條款更新通知',
    },
    body: {
      en: `${P('A new version of our terms of use is in force from today. It adds an article on gifts and coupons.')}${P(`You can read the new version, and the earlier one, on the ${A('/policy', 'terms of use')} page.`)}`,
      fr: `${P('Une nouvelle version de nos conditions d’utilisation s’applique à partir d’aujourd’hui. Elle ajoute un article sur les cadeaux et les coupons.')}${P(`La nouvelle version et la précédente sont consultables sur la page des ${A('/policy', 'conditions d’utilisation')}.`)}`,
      de: `${P('Ab heute gilt eine neue Fassung unserer Nutzungsbedingungen. Sie enthält einen neuen Abschnitt zu Geschenken und Gutscheinen.')}${P(`Die neue und die bisherige Fassung findest du auf der Seite ${A('/policy', 'Nutzungsbedingungen')}.`)}`,
      ja: `${P('本日より新しい利用規約が適用されます。ギフトとクーポンに関する条項を追加しました。')}${P(`新しい版と以前の版は${A('/policy', '利用規約')}のページでご確認いただけます。`)}`,
      th: `${P('ข้อกำหนดการใช้งานฉบับใหม่มีผลตั้งแต่วันนี้ โดยเพิ่มข้อว่าด้วยของขวัญและคูปอง')}${P(`อ่านฉบับใหม่และฉบับก่อนหน้าได้ที่หน้า${A('/policy', 'ข้อกำหนดการใช้งาน')}`)}`,
      'zh-TW': `${P('新版服務條款自今日起生效，新增了關於禮物與優惠券的條款。')}${P(`您可以在${A('/policy', '服務條款')}頁面閱讀新版與舊版內容。`)}`,
    },
  },
];

export interface DemoFaqCategory {
  name: Texts;
  entries: readonly { question: Texts; answer: Texts }[];
}

export const DEMO_FAQ: readonly DemoFaqCategory[] = [
  {
    name: {
      en: 'Account',
      fr: 'Compte',
      de: 'Konto',
      ja: 'アカウント',
      th: 'บัญชี',
      'zh-TW': '帳號',
    },
    entries: [
      {
        question: {
          en: 'How do I create an account?',
          fr: 'Comment créer un compte ?',
          de: 'Wie erstelle ich ein Konto?',
          ja: 'アカウントはどうやって作成しますか？',
          th: 'สมัครบัญชีได้อย่างไร',
          'zh-TW': '如何註冊帳號？',
        },
        answer: {
          en: `Open ${A('/user/signup', 'sign-up')}, enter your e-mail address and a password, then type the 6-digit code we send you. You can also sign up with a social account.`,
          fr: `Ouvrez l’${A('/user/signup', 'inscription')}, saisissez votre adresse e-mail et un mot de passe, puis le code à 6 chiffres que nous vous envoyons. Vous pouvez aussi vous inscrire avec un compte de réseau social.`,
          de: `Öffne die ${A('/user/signup', 'Registrierung')}, gib deine E-Mail-Adresse und ein Passwort ein und dann den 6-stelligen Code, den wir dir senden. Du kannst dich auch mit einem Social-Media-Konto registrieren.`,
          ja: `${A('/user/signup', '新規登録')}でメールアドレスとパスワードを入力し、届いた6桁の認証コードを入力してください。SNSアカウントでも登録できます。`,
          th: `ไปที่${A('/user/signup', 'สมัครสมาชิก')} กรอกอีเมลและรหัสผ่าน แล้วกรอกรหัส 6 หลักที่เราส่งให้ หรือสมัครด้วยบัญชีโซเชียลก็ได้`,
          'zh-TW': `前往${A('/user/signup', '註冊')}頁面，輸入電子郵件與密碼，再輸入我們寄給您的 6 位數驗證碼即可。也可以使用社群帳號註冊。`,
        },
      },
      {
        question: {
          en: 'I forgot my password.',
          fr: 'J’ai oublié mon mot de passe.',
          de: 'Ich habe mein Passwort vergessen.',
          ja: 'パスワードを忘れました。',
          th: 'ลืมรหัสผ่าน',
          'zh-TW': '忘記密碼怎麼辦？',
        },
        answer: {
          en: `Ask for a reset link on the ${A('/mail/resetPassword', 'password reset')} page. The link in the e-mail is valid for 1 hour.`,
          fr: `Demandez un lien de réinitialisation sur la page ${A('/mail/resetPassword', 'mot de passe oublié')}. Le lien reçu par e-mail est valable 1 heure.`,
          de: `Fordere auf der Seite ${A('/mail/resetPassword', 'Passwort zurücksetzen')} einen Link an. Der Link in der E-Mail ist 1 Stunde gültig.`,
          ja: `${A('/mail/resetPassword', 'パスワード再設定')}のページで再設定用リンクをリクエストしてください。メールのリンクの有効期限は1時間です。`,
          th: `ขอลิงก์ตั้งรหัสผ่านใหม่ได้ที่หน้า${A('/mail/resetPassword', 'รีเซ็ตรหัสผ่าน')} ลิงก์ในอีเมลใช้ได้ 1 ชั่วโมง`,
          'zh-TW': `請在${A('/mail/resetPassword', '重設密碼')}頁面申請重設連結，郵件中的連結有效時間為 1 小時。`,
        },
      },
      {
        question: {
          en: 'How do I delete my account?',
          fr: 'Comment supprimer mon compte ?',
          de: 'Wie lösche ich mein Konto?',
          ja: '退会するにはどうすればいいですか？',
          th: 'ลบบัญชีได้อย่างไร',
          'zh-TW': '如何刪除帳號？',
        },
        answer: {
          en: `Go to ${A('/my/withdrawal', 'withdrawal')} in My page. Coins and episodes you own are lost, and the same address can sign up again only after 30 days.`,
          fr: `Allez dans ${A('/my/withdrawal', 'supprimer mon compte')} depuis Mon espace. Vos pièces et épisodes sont perdus, et la même adresse ne pourra se réinscrire qu’après 30 jours.`,
          de: `Öffne ${A('/my/withdrawal', 'Konto löschen')} unter „Mein Bereich“. Deine Münzen und Episoden gehen verloren, und dieselbe Adresse kann sich erst nach 30 Tagen wieder registrieren.`,
          ja: `マイページの${A('/my/withdrawal', '退会')}から手続きできます。保有コインと購入済みエピソードは失われ、同じメールアドレスでの再登録は30日後から可能です。`,
          th: `ไปที่${A('/my/withdrawal', 'ลบบัญชี')}ในหน้าของฉัน เหรียญและตอนที่ซื้อไว้จะหายไป และอีเมลเดิมจะสมัครใหม่ได้หลังจาก 30 วัน`,
          'zh-TW': `請至我的頁面的${A('/my/withdrawal', '刪除帳號')}。您持有的代幣與作品將會消失，同一電子郵件需 30 天後才能重新註冊。`,
        },
      },
    ],
  },
  {
    name: {
      en: 'Coins and payments',
      fr: 'Pièces et paiements',
      de: 'Münzen und Zahlungen',
      ja: 'コインとお支払い',
      th: 'เหรียญและการชำระเงิน',
      'zh-TW': '代幣與付款',
    },
    entries: [
      {
        question: {
          en: 'What are coins, bonus coins and points?',
          fr: 'Que sont les pièces, les pièces bonus et les points ?',
          de: 'Was sind Münzen, Bonusmünzen und Punkte?',
          ja: 'コイン、ボーナスコイン、ポイントの違いは？',
          th: 'เหรียญ เหรียญโบนัส และพอยต์ต่างกันอย่างไร',
          'zh-TW': '代幣、紅利代幣與點數有什麼不同？',
        },
        answer: {
          en: `Coins are bought in the ${A('/shop', 'shop')} and never expire. Bonus and free coins come from offers and events and expire after a while; they are spent first. Points are earned on purchases and exchanged for bonus coins from 3,000 points.`,
          fr: `Les pièces s’achètent dans la ${A('/shop', 'boutique')} et n’expirent jamais. Les pièces bonus et gratuites viennent des offres et événements et expirent après un temps ; elles sont utilisées en premier. Les points se gagnent sur les achats et s’échangent contre des pièces bonus à partir de 3 000 points.`,
          de: `Münzen kaufst du im ${A('/shop', 'Shop')}, sie verfallen nie. Bonus- und Gratismünzen stammen aus Angeboten und Aktionen und verfallen nach einiger Zeit; sie werden zuerst verwendet. Punkte sammelst du bei Käufen und tauschst sie ab 3.000 Punkten gegen Bonusmünzen.`,
          ja: `コインは${A('/shop', 'ショップ')}で購入でき、有効期限はありません。ボーナスコインと無料コインはキャンペーンなどで付与され、期限があり、先に使われます。ポイントは購入時に貯まり、3,000ポイントからボーナスコインに交換できます。`,
          th: `เหรียญซื้อได้ที่${A('/shop', 'ร้านค้า')}และไม่มีวันหมดอายุ เหรียญโบนัสและเหรียญฟรีได้จากโปรโมชันและกิจกรรม มีวันหมดอายุและจะถูกใช้ก่อน พอยต์ได้จากการซื้อ และแลกเป็นเหรียญโบนัสได้ตั้งแต่ 3,000 พอยต์`,
          'zh-TW': `代幣可在${A('/shop', '商店')}購買，永不過期。紅利與免費代幣來自優惠與活動，有使用期限，會優先扣除。點數於購買時累積，滿 3,000 點即可兌換紅利代幣。`,
        },
      },
      {
        question: {
          en: 'Can I get a refund for coins?',
          fr: 'Puis-je être remboursé de mes pièces ?',
          de: 'Kann ich Münzen zurückgeben?',
          ja: 'コインの返金はできますか？',
          th: 'ขอคืนเงินค่าเหรียญได้ไหม',
          'zh-TW': '代幣可以退款嗎？',
        },
        answer: {
          en: `Yes, within 7 days of the purchase if none of its coins were used: open the charge in your ${A('/history/charge', 'charge history')} and choose refund.`,
          fr: `Oui, dans les 7 jours suivant l’achat si aucune de ses pièces n’a été utilisée : ouvrez l’achat dans votre ${A('/history/charge', 'historique des recharges')} et choisissez rembourser.`,
          de: `Ja, innerhalb von 7 Tagen nach dem Kauf, solange keine der Münzen verwendet wurde: Öffne die Aufladung in deinem ${A('/history/charge', 'Aufladeverlauf')} und wähle „Erstatten“.`,
          ja: `購入から7日以内で、そのコインを1枚も使っていなければ返金できます。${A('/history/charge', 'チャージ履歴')}から該当の購入を選び、返金してください。`,
          th: `ได้ ภายใน 7 วันหลังซื้อ หากยังไม่ได้ใช้เหรียญจากการซื้อนั้นเลย เปิดรายการใน${A('/history/charge', 'ประวัติการเติมเหรียญ')}แล้วเลือกขอคืนเงิน`,
          'zh-TW': `可以。購買後 7 天內且該筆代幣尚未使用，即可在${A('/history/charge', '儲值紀錄')}中選擇該筆購買並申請退款。`,
        },
      },
      {
        question: {
          en: 'What is the difference between renting and buying an episode?',
          fr: 'Quelle différence entre louer et acheter un épisode ?',
          de: 'Was ist der Unterschied zwischen Ausleihen und Kaufen?',
          ja: 'レンタルと購入の違いは？',
          th: 'การเช่ากับการซื้อตอนต่างกันอย่างไร',
          'zh-TW': '租借與購買作品有什麼不同？',
        },
        answer: {
          en: 'A rented episode can be read for a limited time, shown next to it. A bought episode stays in your library for good.',
          fr: 'Un épisode loué se lit pendant une durée limitée, indiquée à côté. Un épisode acheté reste dans votre bibliothèque pour toujours.',
          de: 'Eine ausgeliehene Episode kannst du eine begrenzte Zeit lesen, die daneben angezeigt wird. Eine gekaufte Episode bleibt dauerhaft in deiner Bibliothek.',
          ja: 'レンタルしたエピソードは表示された期間だけ読めます。購入したエピソードはずっと本棚に残ります。',
          th: 'ตอนที่เช่าอ่านได้ในเวลาจำกัดตามที่แสดงไว้ ส่วนตอนที่ซื้อจะอยู่ในชั้นหนังสือของคุณตลอดไป',
          'zh-TW': '租借的作品只能在標示的期限內閱讀；購買的作品則會永久保留在您的書櫃中。',
        },
      },
    ],
  },
  {
    name: {
      en: 'Reading',
      fr: 'Lecture',
      de: 'Lesen',
      ja: '作品の閲覧',
      th: 'การอ่าน',
      'zh-TW': '閱讀',
    },
    entries: [
      {
        question: {
          en: 'What is wait-until-free?',
          fr: 'Qu’est-ce que « attendre = gratuit » ?',
          de: 'Was bedeutet „Warten = gratis“?',
          ja: '「待てば無料」とは何ですか？',
          th: '“รอฟรี” คืออะไร',
          'zh-TW': '什麼是「等就免費」？',
        },
        answer: {
          en: 'Some series give you a free ticket: it opens one episode for 72 hours, then comes back after the time shown on the series page.',
          fr: 'Certaines séries offrent un ticket gratuit : il ouvre un épisode pendant 72 heures, puis revient après le délai indiqué sur la page de la série.',
          de: 'Manche Serien geben dir ein Gratis-Ticket: Es schaltet eine Episode für 72 Stunden frei und kommt nach der auf der Serienseite angezeigten Zeit zurück.',
          ja: '一部の作品では無料チケットが使えます。1話を72時間読むことができ、作品ページに表示された時間が経つとチケットが回復します。',
          th: 'การ์ตูนบางเรื่องมีตั๋วฟรี ใช้เปิดอ่านหนึ่งตอนได้ 72 ชั่วโมง แล้วตั๋วจะกลับมาหลังจากเวลาที่แสดงในหน้าการ์ตูน',
          'zh-TW': '部分作品提供免費閱讀券：可開啟一話 72 小時，並在作品頁面顯示的時間後恢復。',
        },
      },
      {
        question: {
          en: 'Why can’t I see some series?',
          fr: 'Pourquoi certaines séries ne s’affichent-elles pas ?',
          de: 'Warum sehe ich manche Serien nicht?',
          ja: '一部の作品が表示されないのはなぜですか？',
          th: 'ทำไมมองไม่เห็นการ์ตูนบางเรื่อง',
          'zh-TW': '為什麼有些作品看不到？',
        },
        answer: {
          en: `Series for adults appear only once your age is verified, and boys-love series follow your BL setting. Both can be changed in ${A('/my/profile', 'your profile')}.`,
          fr: `Les séries pour adultes n’apparaissent qu’une fois votre âge vérifié, et les séries boys’ love suivent votre réglage BL. Les deux se modifient dans ${A('/my/profile', 'votre profil')}.`,
          de: `Serien für Erwachsene erscheinen erst nach der Altersprüfung, und Boys-Love-Serien folgen deiner BL-Einstellung. Beides änderst du in ${A('/my/profile', 'deinem Profil')}.`,
          ja: `成人向け作品は年齢確認後に表示され、BL作品はBL表示設定に従います。どちらも${A('/my/profile', 'プロフィール')}で変更できます。`,
          th: `การ์ตูนสำหรับผู้ใหญ่จะแสดงหลังยืนยันอายุแล้วเท่านั้น และการ์ตูนวายจะแสดงตามการตั้งค่า BL ของคุณ เปลี่ยนได้ที่${A('/my/profile', 'โปรไฟล์')}ของคุณ`,
          'zh-TW': `成人作品需完成年齡驗證後才會顯示，BL 作品則依您的 BL 顯示設定。兩者皆可在${A('/my/profile', '個人資料')}中變更。`,
        },
      },
    ],
  },
];

/** A policy's articles: a heading and its text, in each language. */
type Articles = readonly { heading: Texts; text: Texts }[];

const TERMS_ARTICLES: Articles = [
  {
    heading: {
      en: 'Article 1. Purpose',
      fr: 'Article 1. Objet',
      de: '§ 1 Gegenstand',
      ja: '第1条（目的）',
      th: 'ข้อ 1 วัตถุประสงค์',
      'zh-TW': '第一條（目的）',
    },
    text: {
      en: 'These terms govern the use of {product}, a service for reading comics online run by {company}.',
      fr: 'Les présentes conditions régissent l’utilisation de {product}, service de lecture de bandes dessinées en ligne exploité par {company}.',
      de: 'Diese Bedingungen regeln die Nutzung von {product}, einem Dienst zum Online-Lesen von Comics, betrieben von {company}.',
      ja: '本規約は、{company}が運営するオンライン漫画配信サービス「{product}」の利用条件を定めるものです。',
      th: 'ข้อกำหนดนี้ใช้กับการใช้บริการ {product} ซึ่งเป็นบริการอ่านการ์ตูนออนไลน์ที่ดำเนินการโดย {company}',
      'zh-TW': '本條款規範由{company}經營之線上漫畫閱讀服務「{product}」的使用方式。',
    },
  },
  {
    heading: {
      en: 'Article 2. Account',
      fr: 'Article 2. Compte',
      de: '§ 2 Konto',
      ja: '第2条（アカウント）',
      th: 'ข้อ 2 บัญชีผู้ใช้',
      'zh-TW': '第二條（帳號）',
    },
    text: {
      en: 'You keep your password secret and are responsible for what is done with your account. One account is for one person.',
      fr: 'Vous gardez votre mot de passe secret et répondez de l’usage de votre compte. Un compte correspond à une seule personne.',
      de: 'Du hältst dein Passwort geheim und bist für die Nutzung deines Kontos verantwortlich. Ein Konto gehört einer Person.',
      ja: '利用者はパスワードを秘密に管理し、自己のアカウントの利用について責任を負います。1つのアカウントは1人のみが利用できます。',
      th: 'ผู้ใช้ต้องเก็บรหัสผ่านเป็นความลับและรับผิดชอบต่อการใช้งานบัญชีของตน หนึ่งบัญชีสำหรับหนึ่งบุคคล',
      'zh-TW': '您應妥善保管密碼，並對帳號的使用負責。一個帳號僅限一人使用。',
    },
  },
  {
    heading: {
      en: 'Article 3. Coins',
      fr: 'Article 3. Pièces',
      de: '§ 3 Münzen',
      ja: '第3条（コイン）',
      th: 'ข้อ 3 เหรียญ',
      'zh-TW': '第三條（代幣）',
    },
    text: {
      en: 'Coins are bought to rent or buy episodes. Paid coins do not expire; bonus and free coins expire on the date shown. A purchase can be refunded within 7 days if none of its coins were used.',
      fr: 'Les pièces s’achètent pour louer ou acheter des épisodes. Les pièces payées n’expirent pas ; les pièces bonus et gratuites expirent à la date indiquée. Un achat est remboursable sous 7 jours si aucune de ses pièces n’a été utilisée.',
      de: 'Münzen werden gekauft, um Episoden auszuleihen oder zu kaufen. Bezahlte Münzen verfallen nicht; Bonus- und Gratismünzen verfallen zum angegebenen Datum. Ein Kauf kann innerhalb von 7 Tagen erstattet werden, wenn keine seiner Münzen verwendet wurde.',
      ja: 'コインはエピソードのレンタル・購入のために購入するものです。有料コインに有効期限はなく、ボーナスコインと無料コインは表示された日に失効します。購入から7日以内で未使用の場合に限り返金できます。',
      th: 'เหรียญใช้สำหรับเช่าหรือซื้อตอน เหรียญที่ซื้อไม่มีวันหมดอายุ เหรียญโบนัสและเหรียญฟรีหมดอายุตามวันที่แสดง การซื้อขอคืนเงินได้ภายใน 7 วันหากยังไม่ได้ใช้เหรียญจากการซื้อนั้น',
      'zh-TW':
        '代幣用於租借或購買作品。付費代幣不會過期；紅利與免費代幣於標示日期失效。購買後 7 天內且代幣未使用者，得申請退款。',
    },
  },
  {
    heading: {
      en: 'Article 4. Gifts and coupons',
      fr: 'Article 4. Cadeaux et coupons',
      de: '§ 4 Geschenke und Gutscheine',
      ja: '第4条（ギフトおよびクーポン）',
      th: 'ข้อ 4 ของขวัญและคูปอง',
      'zh-TW': '第四條（禮物與優惠券）',
    },
    text: {
      en: 'Gifts must be received before their end date. A coupon can be registered once per account and cannot be exchanged for money.',
      fr: 'Les cadeaux doivent être reçus avant leur date de fin. Un coupon s’enregistre une fois par compte et ne s’échange pas contre de l’argent.',
      de: 'Geschenke müssen vor ihrem Enddatum angenommen werden. Ein Gutschein kann einmal pro Konto eingelöst und nicht in Geld getauscht werden.',
      ja: 'ギフトは受取期限までに受け取る必要があります。クーポンは1アカウントにつき1回登録でき、現金とは交換できません。',
      th: 'ต้องรับของขวัญก่อนวันหมดอายุ คูปองลงทะเบียนได้หนึ่งครั้งต่อบัญชีและแลกเป็นเงินไม่ได้',
      'zh-TW': '禮物須於期限前領取。優惠券每個帳號限登錄一次，且不得兌換現金。',
    },
  },
  {
    heading: {
      en: 'Article 5. Use of the works',
      fr: 'Article 5. Utilisation des œuvres',
      de: '§ 5 Nutzung der Werke',
      ja: '第5条（作品の利用）',
      th: 'ข้อ 5 การใช้ผลงาน',
      'zh-TW': '第五條（作品之使用）',
    },
    text: {
      en: 'Works are for your personal reading only. Copying, sharing or republishing them, in whole or in part, is forbidden.',
      fr: 'Les œuvres sont réservées à votre lecture personnelle. Il est interdit de les copier, partager ou republier, en tout ou en partie.',
      de: 'Die Werke sind nur für deine private Lektüre bestimmt. Kopieren, Teilen oder Veröffentlichen, ganz oder teilweise, ist verboten.',
      ja: '作品は個人的な閲覧のためにのみ利用できます。全部または一部の複製、共有、転載は禁止します。',
      th: 'ผลงานใช้สำหรับการอ่านส่วนตัวเท่านั้น ห้ามคัดลอก แชร์ หรือเผยแพร่ซ้ำไม่ว่าทั้งหมดหรือบางส่วน',
      'zh-TW': '作品僅供個人閱讀。禁止全部或部分複製、分享或轉載。',
    },
  },
  {
    heading: {
      en: 'Article 6. Comments',
      fr: 'Article 6. Commentaires',
      de: '§ 6 Kommentare',
      ja: '第6条（コメント）',
      th: 'ข้อ 6 ความคิดเห็น',
      'zh-TW': '第六條（留言）',
    },
    text: {
      en: 'Comments must respect other readers and the law. We may hide comments that are reported or break these terms.',
      fr: 'Les commentaires doivent respecter les autres lecteurs et la loi. Nous pouvons masquer les commentaires signalés ou contraires aux présentes conditions.',
      de: 'Kommentare müssen andere Lesende und das Gesetz respektieren. Wir können gemeldete oder gegen diese Bedingungen verstoßende Kommentare ausblenden.',
      ja: 'コメントは他の読者と法令を尊重したものでなければなりません。通報されたコメントや本規約に反するコメントは非表示にすることがあります。',
      th: 'ความคิดเห็นต้องเคารพผู้อ่านคนอื่นและกฎหมาย เราอาจซ่อนความคิดเห็นที่ถูกรายงานหรือขัดต่อข้อกำหนดนี้',
      'zh-TW': '留言應尊重其他讀者並遵守法律。遭檢舉或違反本條款的留言，我們得予以隱藏。',
    },
  },
  {
    heading: {
      en: 'Article 7. Changes and contact',
      fr: 'Article 7. Modifications et contact',
      de: '§ 7 Änderungen und Kontakt',
      ja: '第7条（変更およびお問い合わせ）',
      th: 'ข้อ 7 การแก้ไขและการติดต่อ',
      'zh-TW': '第七條（修訂與聯絡方式）',
    },
    text: {
      en: 'We announce changes to these terms in the notices before they come into force. Questions: {email}.',
      fr: 'Nous annonçons toute modification des présentes conditions dans les annonces avant son entrée en vigueur. Questions : {email}.',
      de: 'Änderungen dieser Bedingungen kündigen wir vor ihrem Inkrafttreten in den Hinweisen an. Fragen: {email}.',
      ja: '本規約を変更する場合は、適用前にお知らせでご案内します。お問い合わせ：{email}',
      th: 'เราจะแจ้งการเปลี่ยนแปลงข้อกำหนดในประกาศก่อนมีผลบังคับใช้ สอบถาม: {email}',
      'zh-TW': '本條款如有修訂，將於生效前以公告通知。聯絡信箱：{email}',
    },
  },
];

const PRIVACY_ARTICLES: Articles = [
  {
    heading: {
      en: '1. Who is responsible',
      fr: '1. Responsable du traitement',
      de: '1. Verantwortlicher',
      ja: '1. 個人情報取扱事業者',
      th: '1. ผู้ควบคุมข้อมูล',
      'zh-TW': '一、個人資料管理者',
    },
    text: {
      en: '{company} is responsible for the personal data processed by {product}.',
      fr: '{company} est responsable des données personnelles traitées par {product}.',
      de: 'Verantwortlich für die von {product} verarbeiteten personenbezogenen Daten ist {company}.',
      ja: '{product}で取り扱う個人情報の管理者は{company}です。',
      th: '{company} เป็นผู้ควบคุมข้อมูลส่วนบุคคลที่ {product} ประมวลผล',
      'zh-TW': '{product} 所處理之個人資料，由{company}負責管理。',
    },
  },
  {
    heading: {
      en: '2. What we collect',
      fr: '2. Données collectées',
      de: '2. Welche Daten wir erheben',
      ja: '2. 取得する情報',
      th: '2. ข้อมูลที่เราเก็บ',
      'zh-TW': '二、蒐集之資料',
    },
    text: {
      en: 'Your e-mail address, nickname and birth date if you give it; your purchases, coins and reading progress; and technical data such as your IP address and device.',
      fr: 'Votre adresse e-mail, votre pseudonyme et votre date de naissance si vous la donnez ; vos achats, pièces et progression de lecture ; des données techniques comme votre adresse IP et votre appareil.',
      de: 'Deine E-Mail-Adresse, dein Spitzname und dein Geburtsdatum, falls angegeben; deine Käufe, Münzen und dein Lesefortschritt; technische Daten wie IP-Adresse und Gerät.',
      ja: 'メールアドレス、ニックネーム、ご提供いただいた場合は生年月日、購入履歴・コイン・閲覧履歴、IPアドレスや端末情報などの技術情報。',
      th: 'อีเมล ชื่อเล่น และวันเกิดหากคุณให้ไว้ ประวัติการซื้อ เหรียญ และความคืบหน้าการอ่าน รวมถึงข้อมูลทางเทคนิค เช่น ที่อยู่ IP และอุปกรณ์',
      'zh-TW': '電子郵件、暱稱及您提供的出生日期；購買紀錄、代幣與閱讀進度；以及 IP 位址、裝置等技術資料。',
    },
  },
  {
    heading: {
      en: '3. Why we use it',
      fr: '3. Finalités',
      de: '3. Zwecke',
      ja: '3. 利用目的',
      th: '3. วัตถุประสงค์ในการใช้ข้อมูล',
      'zh-TW': '三、利用目的',
    },
    text: {
      en: 'To run your account, deliver the episodes you rent or buy, process payments, verify age where the law requires it, answer your requests and keep the service secure.',
      fr: 'Gérer votre compte, fournir les épisodes loués ou achetés, traiter les paiements, vérifier l’âge lorsque la loi l’exige, répondre à vos demandes et sécuriser le service.',
      de: 'Zur Führung deines Kontos, Bereitstellung ausgeliehener oder gekaufter Episoden, Zahlungsabwicklung, Altersprüfung, wo gesetzlich vorgeschrieben, Beantwortung deiner Anfragen und Sicherheit des Dienstes.',
      ja: 'アカウントの管理、レンタル・購入したエピソードの提供、決済処理、法令で求められる年齢確認、お問い合わせへの対応、サービスの安全確保のため。',
      th: 'เพื่อดูแลบัญชี ให้บริการตอนที่เช่าหรือซื้อ ดำเนินการชำระเงิน ยืนยันอายุตามที่กฎหมายกำหนด ตอบคำขอของคุณ และรักษาความปลอดภัยของบริการ',
      'zh-TW': '用於管理帳號、提供您租借或購買的作品、處理付款、依法進行年齡驗證、回覆您的詢問，以及維護服務安全。',
    },
  },
  {
    heading: {
      en: '4. How long we keep it',
      fr: '4. Durée de conservation',
      de: '4. Speicherdauer',
      ja: '4. 保存期間',
      th: '4. ระยะเวลาการเก็บรักษา',
      'zh-TW': '四、保存期間',
    },
    text: {
      en: 'As long as your account exists. After withdrawal we keep only what the law requires, such as payment records; notifications are kept 30 days.',
      fr: 'Tant que votre compte existe. Après suppression, nous ne gardons que ce que la loi impose, comme les justificatifs de paiement ; les notifications sont conservées 30 jours.',
      de: 'Solange dein Konto besteht. Nach der Löschung bewahren wir nur auf, was gesetzlich vorgeschrieben ist, etwa Zahlungsbelege; Benachrichtigungen werden 30 Tage gespeichert.',
      ja: 'アカウントが存在する間保存します。退会後は、決済記録など法令で保存が義務付けられた情報のみを保存します。お知らせ通知は30日間保存します。',
      th: 'ตราบเท่าที่บัญชียังอยู่ หลังลบบัญชี เราเก็บเฉพาะข้อมูลที่กฎหมายกำหนด เช่น หลักฐานการชำระเงิน การแจ้งเตือนเก็บไว้ 30 วัน',
      'zh-TW': '於帳號存續期間保存。刪除帳號後，僅保存法律要求之資料（如付款紀錄）；通知保存 30 天。',
    },
  },
  {
    heading: {
      en: '5. Sharing',
      fr: '5. Partage',
      de: '5. Weitergabe',
      ja: '5. 第三者提供',
      th: '5. การเปิดเผยข้อมูล',
      'zh-TW': '五、資料分享',
    },
    text: {
      en: 'We share data only with the providers that run payments, e-mail and hosting for us, under contract, and never sell it.',
      fr: 'Nous ne partageons les données qu’avec les prestataires qui gèrent pour nous les paiements, les e-mails et l’hébergement, sous contrat, et ne les vendons jamais.',
      de: 'Wir geben Daten nur an vertraglich gebundene Dienstleister für Zahlungen, E-Mail und Hosting weiter und verkaufen sie nie.',
      ja: '決済・メール配信・ホスティングを委託する事業者に、契約に基づき必要な範囲でのみ提供します。個人情報を販売することはありません。',
      th: 'เราแบ่งปันข้อมูลเฉพาะกับผู้ให้บริการด้านการชำระเงิน อีเมล และโฮสติ้งที่ทำสัญญากับเรา และจะไม่ขายข้อมูลของคุณ',
      'zh-TW': '我們僅在契約約束下，與代為處理付款、電子郵件及主機服務的廠商分享資料，絕不販售。',
    },
  },
  {
    heading: {
      en: '6. Your rights',
      fr: '6. Vos droits',
      de: '6. Deine Rechte',
      ja: '6. 利用者の権利',
      th: '6. สิทธิของคุณ',
      'zh-TW': '六、您的權利',
    },
    text: {
      en: 'You may see, correct, export or erase your data, and object to its use, by writing to {email}. You can also delete your account yourself in My page.',
      fr: 'Vous pouvez consulter, rectifier, exporter ou effacer vos données, et vous opposer à leur utilisation, en écrivant à {email}. Vous pouvez aussi supprimer votre compte vous-même depuis Mon espace.',
      de: 'Du kannst deine Daten einsehen, berichtigen, exportieren oder löschen lassen und der Nutzung widersprechen, indem du an {email} schreibst. Dein Konto kannst du auch selbst unter „Mein Bereich“ löschen.',
      ja: '{email} までご連絡いただくことで、個人情報の開示・訂正・提供・削除および利用停止を請求できます。マイページからご自身で退会することもできます。',
      th: 'คุณขอดู แก้ไข ส่งออก หรือลบข้อมูล และคัดค้านการใช้ข้อมูลได้โดยเขียนถึง {email} และลบบัญชีได้เองในหน้าของฉัน',
      'zh-TW': '您可來信 {email} 請求查閱、更正、匯出或刪除您的資料，或反對其利用；也可以在我的頁面自行刪除帳號。',
    },
  },
];

export interface DemoPolicy {
  title: Texts;
  /** Versions, oldest first: which articles each holds, and when it came into force (days ago). */
  versions: readonly { articles: Articles; daysAgo: number }[];
}

export const DEMO_POLICIES = {
  TERMS: {
    title: {
      en: 'Terms of use',
      fr: 'Conditions d’utilisation',
      de: 'Nutzungsbedingungen',
      ja: '利用規約',
      th: 'ข้อกำหนดการใช้งาน',
      'zh-TW': '服務條款',
    },
    versions: [
      // The first version had no article on gifts and coupons (the notice of 20 days ago).
      { articles: TERMS_ARTICLES.filter((_, i) => i !== 3), daysAgo: 400 },
      { articles: TERMS_ARTICLES, daysAgo: 20 },
    ],
  },
  PRIVACY: {
    title: {
      en: 'Privacy policy',
      fr: 'Politique de confidentialité',
      de: 'Datenschutzerklärung',
      ja: 'プライバシーポリシー',
      th: 'นโยบายความเป็นส่วนตัว',
      'zh-TW': '隱私權政策',
    },
    versions: [{ articles: PRIVACY_ARTICLES, daysAgo: 400 }],
  },
} as const satisfies Record<'TERMS' | 'PRIVACY', DemoPolicy>;

/** A policy version's body in one language: each article a bold heading and its text. */
export function policyBody(articles: Articles, locale: Locale): string {
  return articles.map((a) => `${H(a.heading[locale])}${P(a.text[locale])}`).join('<br />');
}

export interface DemoCompany {
  name: string;
  address: string;
  representative: string;
  registrationNumber: string;
  phone: string;
}

const FRANCE: DemoCompany = {
  name: 'Balcony Média SAS',
  address: '8 rue du Faubourg-Montmartre, 75009 Paris, France',
  representative: 'Camille Durand, présidente',
  registrationNumber: 'RCS Paris 912 345 678',
  phone: '+33 1 84 60 12 34',
};

const GERMANY: DemoCompany = {
  name: 'Balcony Media GmbH',
  address: 'Friedrichstraße 68, 10117 Berlin, Deutschland',
  representative: 'Jonas Weber, Geschäftsführer',
  registrationNumber: 'HRB 234567 B, Amtsgericht Charlottenburg',
  phone: '+49 30 9876 5432',
};

/** The company behind each brand (fictional, like the support addresses of decision 0065). */
export const DEMO_COMPANIES: Readonly<Record<PlatformId, DemoCompany>> = {
  'delitoonb-fr': FRANCE,
  'delitoon-fr': FRANCE,
  'delitoonx-fr': FRANCE,
  'delitoon-me': { ...FRANCE, representative: 'Camille Durand, President' },
  'delitoon-de': GERMANY,
  'delitoonb-de': GERMANY,
  'bom-tw': {
    name: '陽台媒體股份有限公司',
    address: '110 臺北市信義區松仁路 100 號 20 樓',
    representative: '董事長 林怡君',
    registrationNumber: '統一編號 24681357',
    phone: '+886 2 2720 1234',
  },
  'bom-th': {
    name: 'บริษัท บัลโคนี มีเดีย (ประเทศไทย) จำกัด',
    address: '99/9 ถนนสุขุมวิท แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110',
    representative: 'กรรมการผู้จัดการ นายธนากร ศรีสุข',
    registrationNumber: 'เลขทะเบียนนิติบุคคล 0105565123456',
    phone: '+66 2 123 4567',
  },
  'beltoon-jp': {
    name: 'バルコニーメディア株式会社',
    address: '〒150-0041 東京都渋谷区神南1-2-3',
    representative: '代表取締役 佐藤 美咲',
    registrationNumber: '法人番号 1011001234567',
    phone: '+81 3 1234 5678',
  },
};
