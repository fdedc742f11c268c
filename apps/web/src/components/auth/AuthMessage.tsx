import formStyles from '@/components/ui/Form.module.css';
import { isNotice, type MessageCode } from '@/lib/errors/error-codes';

/**
 * A login prompt (role="status") or a failure (role="alert") with its code, for the `error` of a
 * url or an answer. Usable from server and client components.
 */
export function AuthMessage({ code, text, testId }: { code: MessageCode; text: string; testId: string }) {
  const notice = isNotice(code);
  return (
    <p
      role={notice ? 'status' : 'alert'}
      className={notice ? formStyles.info : formStyles.error}
      data-testid={testId}
      data-code={code}
    >
      {text}
    </p>
  );
}
