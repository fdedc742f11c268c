import { AppError, type MaintenanceState, type MaintenanceSwitches, type MaintenanceUpdate } from '@balcony/contracts';
import { type AdminContext, type ServiceContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { recordAction } from '../admin/service.js';
import * as repo from './repo.js';

// The maintenance switch of spec §2 /prepare (docs/decisions/0252-maintenance.md). An operator
// turns it on for one brand or every brand ('*'), with the expected end, from the console (stored
// here, so every replica sees it) or from the environment (MAINTENANCE_BRANDS, which the console
// cannot turn off). Replicas read the rows through a short cache. The web sends every reader page
// of the brand to /prepare; the api answers SERVICE_MAINTENANCE (503, Retry-After) to the apps,
// and keeps answering the web, the console and the health routes (guard.ts, decision 0253).

export const ALL_BRANDS = '*';

export interface MaintenanceSettings {
  /** Brands switched on by the environment ('*': every brand). */
  brands: readonly string[];
  endsAt: Date | null;
  /** How long a replica keeps the switches it read. */
  cacheMs: number;
}

type Switch = { active: boolean; endsAt: Date | null };

/** The switches as one replica knows them: read at most once per `cacheMs`. */
export interface MaintenanceSwitchboard {
  switches(db: Db): Promise<ReadonlyMap<string, Switch>>;
  /** Forgets what was read (after this replica changed a switch). */
  forget(): void;
  readonly settings: MaintenanceSettings;
}

export function createMaintenanceSwitchboard(settings: MaintenanceSettings): MaintenanceSwitchboard {
  let known: { at: number; read: Promise<ReadonlyMap<string, Switch>> } | null = null;
  return {
    settings,
    switches(db) {
      const now = Date.now();
      if (!known || now - known.at >= settings.cacheMs) {
        const read = repo
          .allSwitches(db)
          .then((rows) => new Map(rows.map((r) => [r.scope, { active: r.active, endsAt: r.endsAt }])));
        known = { at: now, read };
        // A failed read is tried again by the next request.
        read.catch(() => {
          if (known?.read === read) known = null;
        });
      }
      return known.read;
    },
    forget() {
      known = null;
    },
  };
}

const OFF: MaintenanceState = { active: false, endsAt: null, scope: null };

function stateOf(scope: string, s: Switch | undefined): MaintenanceState {
  return s?.active ? { active: true, endsAt: s.endsAt?.toISOString() ?? null, scope } : OFF;
}

/** What readers and apps of `brandId` get now: the environment's switch, else the brand's, else every brand's. */
export async function stateFor(db: Db, board: MaintenanceSwitchboard, brandId: string): Promise<MaintenanceState> {
  const { brands, endsAt } = board.settings;
  if (brands.includes(brandId) || brands.includes(ALL_BRANDS)) {
    return {
      active: true,
      endsAt: endsAt?.toISOString() ?? null,
      scope: brands.includes(brandId) ? brandId : ALL_BRANDS,
    };
  }
  const switches = await board.switches(db);
  const own = stateOf(brandId, switches.get(brandId));
  return own.active ? own : stateOf(ALL_BRANDS, switches.get(ALL_BRANDS));
}

/** GET /maintenance: the caller's brand (the web asks before every reader page, through its own short cache). */
export function current(ctx: ServiceContext): Promise<MaintenanceState> {
  return stateFor(ctx.db, ctx.services.maintenance, ctx.brand.id);
}

/** GET /admin/maintenance. */
export async function switchesOf(ctx: AdminContext): Promise<MaintenanceSwitches> {
  const rows = new Map((await repo.allSwitches(ctx.db)).map((r) => [r.scope, r]));
  return {
    brand: stateOf(ctx.brand.id, rows.get(ctx.brand.id)),
    allBrands: stateOf(ALL_BRANDS, rows.get(ALL_BRANDS)),
    effective: await stateFor(ctx.db, ctx.services.maintenance, ctx.brand.id),
  };
}

/**
 * PUT /admin/maintenance: switches the brand's (or every brand's) maintenance on with its
 * expected end, or off; audited. Every brand needs an admin of every brand (FORBIDDEN otherwise).
 */
export async function update(ctx: AdminContext, input: MaintenanceUpdate): Promise<MaintenanceSwitches> {
  if (input.allBrands && ctx.admin.brandIds.length > 0) throw new AppError('FORBIDDEN');
  const scope = input.allBrands ? ALL_BRANDS : ctx.brand.id;
  const endsAt = input.active && input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= ctx.now) {
    throw new AppError('INVALID_PARAMETER', { field: 'endsAt', reason: 'the expected end must be in the future' });
  }
  await withTransaction(ctx, async (tx) => {
    const before = await repo.lockSwitch(tx.db, scope);
    await repo.saveSwitch(tx.db, { scope, active: input.active, endsAt, updatedBy: tx.admin.id, updatedAt: tx.now });
    await recordAction(tx, {
      action: input.active ? 'MAINTENANCE_ON' : 'MAINTENANCE_OFF',
      targetType: 'maintenance',
      targetId: scope,
      before: before ? { active: before.active, endsAt: before.endsAt?.toISOString() ?? null } : null,
      after: { active: input.active, endsAt: endsAt?.toISOString() ?? null },
    });
  });
  ctx.services.maintenance.forget();
  return switchesOf(ctx);
}
