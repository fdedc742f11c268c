'use client';

import type { ComponentProps } from 'react';
import { IntlProvider } from 'use-intl';

// use-intl's provider holds React context, so it is created on the client side of the boundary;
// the layouts pass it the locale, the brand's time zone and the messages.
export function ClientIntlProvider(props: ComponentProps<typeof IntlProvider>) {
  return <IntlProvider {...props} />;
}
