import { NiceEncodeResponse, SandboxIdentityAnswer, type SandboxIdentityAnswerRequest } from '@balcony/contracts';
import { setAdultDisplay } from '@/components/adult/AdultPopup';
import { frontFetch } from '@/components/session/front-fetch';
import { UserUpdated } from '@/lib/api/front-answers';

// The browser's calls of the Korean carrier identity check (spec §6, §7 GET /nice/encode, §2
// /callback/auth-mobilians; decision 0271), loaded on first use so the contracts' schemas stay off
// the pages that only show the button.

/** GET /nice/encode: a new attempt and the form that starts it at the provider, coming back to this origin. */
export const openAttempt = () =>
  frontFetch(`/nice/encode?webOrigin=${encodeURIComponent(window.location.origin)}`, NiceEncodeResponse);

/** Posts the attempt's form to the provider's page, in the popup (or this window when none opened). */
export function postToProvider(form: NiceEncodeResponse, target: string): void {
  const element = document.createElement('form');
  element.method = form.method;
  element.action = form.actionUrl;
  element.target = target;
  element.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
  element.remove();
}

/** The sandbox provider signs the tester's choice (POST /nice/sandbox/result). */
export const sandboxAnswer = (body: SandboxIdentityAnswerRequest) =>
  frontFetch('/nice/sandbox/result', SandboxIdentityAnswer, { method: 'POST', body });

/**
 * POST /user/auth/adult/kr with the provider's result; the proxy keeps the new tokens. Spec §4:
 * after an adult check, adult display is switched on (the member was not adult before it); that
 * switch's failure is logged only (spec §8).
 */
export async function verifyResult(encodeData: string): Promise<void> {
  await frontFetch('/user/auth/adult/kr', UserUpdated, { method: 'POST', body: { encodeData } });
  await setAdultDisplay(true);
}
