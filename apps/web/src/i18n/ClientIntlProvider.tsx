'use client';

import type { ComponentProps } from 'react';
import { IntlProvider } from 'use-intl';

// use-intl's provider holds React context, so it must be created on the client side of the
// boundary; the root layout passes it the brand's locale and the few client messages.
export function ClientIntlProvider(props: ComponentProps<typeof IntlProvider>) {
  return <IntlProvider {...props} />;
}
