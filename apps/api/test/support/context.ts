import { BRANDS } from '@balcony/contracts';
import { createServices } from '../../src/app.js';
import type { ServiceContext } from '../../src/context.js';
import type { TestApp } from '../helper.js';

/** A visitor's service context on the test app's database, for tests that call services directly. */
export function serviceContext(t: TestApp, overrides: Partial<ServiceContext> = {}): ServiceContext {
  return {
    db: t.database.db,
    brand: BRANDS['delitoonb-fr'],
    platform: 'WEB',
    timeZone: 'Europe/Paris',
    notLoggedInAdult: undefined,
    user: null,
    authTime: null,
    clientIp: '127.0.0.1',
    clientCountry: undefined,
    now: new Date(),
    log: t.app.log,
    services: createServices(t.config, t.app.log),
    inTransaction: false,
    ...overrides,
  };
}
