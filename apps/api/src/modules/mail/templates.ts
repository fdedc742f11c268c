import type { BrandConfig, Locale } from '@balcony/contracts';

// Mail texts per locale. `{code}`, `{link}` and `{product}` are filled in by `mailText`.

type Template = { subject: string; text: string };
type TemplateName = 'signupCode' | 'resetLink';

const TEMPLATES: Record<Locale, Record<TemplateName, Template>> = {
  en: {
    signupCode: {
      subject: '{product}: your verification code',
      text: 'Your verification code is {code}.\nIt is valid for 1 hour. If you did not sign up to {product}, ignore this e-mail.',
    },
    resetLink: {
      subject: '{product}: reset your password',
      text: 'Open this link to choose a new password (valid for 1 hour, once):\n{link}\nIf you did not ask for it, ignore this e-mail.',
    },
  },
  fr: {
    signupCode: {
      subject: '{product} : votre code de vérification',
      text: 'Votre code de vérification est {code}.\nIl est valable 1 heure. Si vous ne vous êtes pas inscrit·e sur {product}, ignorez cet e-mail.',
    },
    resetLink: {
      subject: '{product} : réinitialisez votre mot de passe',
      text: 'Ouvrez ce lien pour choisir un nouveau mot de passe (valable 1 heure, une seule fois) :\n{link}\nSi vous n’avez rien demandé, ignorez cet e-mail.',
    },
  },
  de: {
    signupCode: {
      subject: '{product}: Ihr Bestätigungscode',
      text: 'Ihr Bestätigungscode lautet {code}.\nEr ist 1 Stunde gültig. Wenn Sie sich nicht bei {product} registriert haben, ignorieren Sie diese E-Mail.',
    },
    resetLink: {
      subject: '{product}: Passwort zurücksetzen',
      text: 'Öffnen Sie diesen Link, um ein neues Passwort festzulegen (1 Stunde gültig, einmalig):\n{link}\nWenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.',
    },
  },
  ja: {
    signupCode: {
      subject: '{product}：認証コードのお知らせ',
      text: '認証コードは {code} です。\n有効期限は1時間です。{product}に登録していない場合は、このメールを破棄してください。',
    },
    resetLink: {
      subject: '{product}：パスワードの再設定',
      text: '次のリンクから新しいパスワードを設定してください（有効期限1時間、1回のみ）：\n{link}\nお心当たりのない場合は、このメールを破棄してください。',
    },
  },
  th: {
    signupCode: {
      subject: '{product}: รหัสยืนยันของคุณ',
      text: 'รหัสยืนยันของคุณคือ {code}\nรหัสมีอายุ 1 ชั่วโมง หากคุณไม่ได้สมัครใช้งาน {product} โปรดเพิกเฉยต่ออีเมลนี้',
    },
    resetLink: {
      subject: '{product}: ตั้งรหัสผ่านใหม่',
      text: 'เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ (ใช้ได้ 1 ชั่วโมง และใช้ได้ครั้งเดียว):\n{link}\nหากคุณไม่ได้ร้องขอ โปรดเพิกเฉยต่ออีเมลนี้',
    },
  },
  'zh-TW': {
    signupCode: {
      subject: '{product}：您的驗證碼',
      text: '您的驗證碼是 {code}。\n有效時間為 1 小時。若您未註冊 {product}，請忽略此郵件。',
    },
    resetLink: {
      subject: '{product}：重設您的密碼',
      text: '請開啟以下連結設定新密碼（1 小時內有效，僅限使用一次）：\n{link}\n若非您本人申請，請忽略此郵件。',
    },
  },
};

export function mailText(brand: BrandConfig, name: TemplateName, values: Record<string, string>): Template {
  const template = TEMPLATES[brand.locale][name];
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (_, key: string) => (key === 'product' ? brand.product : (values[key] ?? '')));
  return { subject: fill(template.subject), text: fill(template.text) };
}
