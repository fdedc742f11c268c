import type { BrandConfig, Locale } from '@balcony/contracts';

// SMS texts per locale, short enough for one message. `{code}` and `{product}` are filled in by `smsText`.

type TemplateName = 'resetCode';

const TEMPLATES: Record<Locale, Record<TemplateName, string>> = {
  en: { resetCode: '[{product}] Your password reset code is {code}. It is valid for 10 minutes.' },
  fr: { resetCode: '[{product}] Votre code de réinitialisation est {code}. Il est valable 10 minutes.' },
  de: { resetCode: '[{product}] Ihr Code zum Zurücksetzen lautet {code}. Er ist 10 Minuten gültig.' },
  ja: { resetCode: '[{product}] パスワード再設定用の認証コードは {code} です。有効期限は10分です。' },
  th: { resetCode: '[{product}] รหัสสำหรับตั้งรหัสผ่านใหม่ของคุณคือ {code} ใช้ได้ 10 นาที' },
  'zh-TW': { resetCode: '[{product}] 您的密碼重設驗證碼為 {code}，10 分鐘內有效。' },
};

export function smsText(brand: BrandConfig, name: TemplateName, values: Record<string, string>): string {
  return TEMPLATES[brand.locale][name].replace(/\{(\w+)\}/g, (_, key: string) =>
    key === 'product' ? brand.product : (values[key] ?? ''),
  );
}
