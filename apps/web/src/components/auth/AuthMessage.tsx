import accountStyles from '@/components/account/Account.module.css';
import { type AuthMessageCode, isNotice } from '@/lib/auth/auth-messages';

/**
 * A login prompt (role="status") or a failure (role="alert") with its code, for the `error` of a
 * url or an answer. Usable from server and client components.
 */
export function AuthMessage({ code, text, testId }: { code: AuthMessageCode; text: string; testId: string }) {
  const notice = isNotice(code);
  return (
    <p
      role={notice ? 'status' : 'alert'}
      className={notice ? accountStyles.info : accountStyles.error}
      data-testid={testId}
      data-code={code}
    >
      {text}
    </p>
  );
}
