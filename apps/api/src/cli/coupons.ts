import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  AddCouponCodesRequest,
  AppError,
  BRANDS,
  type CouponWithCodes,
  CreateCouponRequest,
  couponCodesCsv,
  DEFAULT_BRAND_ID,
  ERROR_CATALOGUE,
  getBrand,
  IdParam,
} from '@balcony/contracts';
import type { z } from 'zod';
import { systemContext } from '../context.js';
import type { Database } from '../db/client.js';
import { actingAdmin } from '../modules/admin/accounts.js';
import * as coupons from '../modules/coupons/service.js';
import { type CliDeps, invokedDirectly, openCliSession } from './database.js';

// `npm run admin:coupons`: the admin coupon routes of the API (POST /api/v1/admin/coupons, …/codes,
// GET /api/v1/admin/coupons) from a shell, through the same service, so they are checked and
// audited alike. It acts as the console admin (FINANCE or OWNER) whose e-mail --admin gives (or
// ADMIN_EMAIL), in the brand --brand names (the default brand without it).
// The codes made are printed (or written to --csv) this once: only their hashes are stored.
//
//   npm run admin:coupons -- create --name "Welcome" --kind COIN --coin-type BONUS --coins 10 --code WELCOME-2026 --admin finance@example.com
//   npm run admin:coupons -- create --name "Spring" --kind DISCOUNT --percent 20 --minimum 499 --count 500 --csv spring.csv --admin finance@example.com
//   npm run admin:coupons -- codes --coupon 3 --count 100 --csv more.csv --admin finance@example.com
//   npm run admin:coupons -- list --admin finance@example.com
//
// Exit code 0 when done, 1 on any error.

const USAGE = `usage:
  npm run admin:coupons -- create --name "<name>" --kind COIN|DISCOUNT|EPISODE_RENT|EPISODE_POSSESSION
      COIN:      --coin-type COIN|FREE_COIN|BONUS|MILEAGE --coins <n> [--valid-days <days>]
      DISCOUNT:  --percent <1-90> | --amount <minor units>  [--minimum <minor units>] [--usable-days <days>]
      EPISODE_*: --episode <episode id>
      codes:     [--code <your code>] [--max-uses <n>]   one shared code (generated without --code; no limit without --max-uses)
                 | --count <n>                           a batch of n single-use codes
      [--starts <ISO time>] [--ends <ISO time>] [--csv <file>] --admin <admin e-mail> [--brand <id>]
  npm run admin:coupons -- codes --coupon <id> --count <n> [--csv <file>] --admin <admin e-mail> [--brand <id>]
  npm run admin:coupons -- list [--page <n>] --admin <admin e-mail> [--brand <id>]
--admin may come from ADMIN_EMAIL. Codes are shown once: keep the output or the CSV file.`;

class UsageError extends Error {}

function optionsOf(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      kind: { type: 'string' },
      'coin-type': { type: 'string' },
      coins: { type: 'string' },
      'valid-days': { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      minimum: { type: 'string' },
      'usable-days': { type: 'string' },
      episode: { type: 'string' },
      code: { type: 'string' },
      'max-uses': { type: 'string' },
      count: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
      csv: { type: 'string' },
      coupon: { type: 'string' },
      page: { type: 'string' },
      admin: { type: 'string' },
      brand: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

type Options = ReturnType<typeof optionsOf>['values'];

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** The create command's options as the API's request body. */
function createRequest(o: Options): unknown {
  const kind = o.kind;
  const grant =
    kind === 'COIN'
      ? { kind, coinType: o['coin-type'], coins: num(o.coins), validDays: num(o['valid-days']) }
      : kind === 'DISCOUNT'
        ? {
            kind,
            discountPercent: num(o.percent),
            discountAmount: num(o.amount),
            minimumAmount: num(o.minimum),
            usableDays: num(o['usable-days']),
          }
        : { kind, episodeId: num(o.episode) };
  const codes =
    o.count !== undefined
      ? { mode: 'BATCH', count: num(o.count) }
      : { mode: 'SHARED', code: o.code, maxUses: o['max-uses'] === undefined ? null : num(o['max-uses']) };
  return { name: o.name, grant, codes, startsAt: o.starts, endsAt: o.ends };
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
}

function idOf(value: string | undefined, option: string): number {
  const result = IdParam.safeParse(value);
  if (!result.success) throw new UsageError(`${option} must be an id (a positive whole number)`);
  return result.data;
}

/** Runs one command; answers the exit code. Results go to `out`, messages to `err`. */
export async function run(argv: string[], deps: CliDeps = {}): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  let options: Options;
  let command: string | undefined;
  try {
    const args = optionsOf(argv);
    options = args.values;
    command = args.positionals[0];
  } catch (error) {
    err(`error: ${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (options.help) {
    out(USAGE);
    return 0;
  }

  let database: Database | undefined;
  try {
    const adminEmail = options.admin ?? process.env.ADMIN_EMAIL;
    if (!adminEmail) throw new UsageError('--admin <admin e-mail> is required (or ADMIN_EMAIL)');
    const brand = getBrand(options.brand ?? DEFAULT_BRAND_ID);
    if (!brand) throw new UsageError(`unknown brand ${options.brand}: one of ${Object.keys(BRANDS).join(', ')}`);
    const body =
      command === 'create'
        ? parsed(CreateCouponRequest, createRequest(options))
        : command === 'codes'
          ? parsed(AddCouponCodesRequest, { count: num(options.count) })
          : command === 'list'
            ? null
            : (() => {
                throw new UsageError(`unknown command ${command ?? '(none)'}: create, codes or list`);
              })();
    const couponId = command === 'codes' ? idOf(options.coupon, '--coupon') : null;

    const session = await openCliSession(deps);
    database = session.database;
    const { services, log } = session;
    const ctx = await actingAdmin(systemContext(database.db, services, brand, log), adminEmail, ['FINANCE']);

    if (command === 'list') {
      const page = await coupons.adminList(ctx, { page: num(options.page) ?? 1, size: 100 });
      out(JSON.stringify(page, null, 2));
      return 0;
    }
    const result: CouponWithCodes =
      couponId === null
        ? await coupons.createCoupon(ctx, body as CreateCouponRequest)
        : await coupons.addCodes(ctx, couponId, body as AddCouponCodesRequest);
    out(JSON.stringify(result.coupon));
    if (options.csv) {
      // Readable by the operator only: the file holds codes that are worth coins.
      await writeFile(options.csv, couponCodesCsv(result.coupon, result.codes), { mode: 0o600 });
      out(`${result.codes.length} code(s) of coupon ${result.coupon.id} (${brand.id}) written to ${options.csv}`);
    } else {
      out(`${result.codes.length} code(s) of coupon ${result.coupon.id} (${brand.id}), shown this once:`);
      for (const code of result.codes) out(code);
    }
    return 0;
  } catch (error) {
    err(`error: ${messageOf(error)}`);
    if (error instanceof UsageError) err(USAGE);
    return 1;
  } finally {
    if (database && !deps.database) await database.close();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof AppError) {
    const detail = error.details as { reason?: string; field?: string } | string | undefined;
    const why = typeof detail === 'string' ? detail : detail?.reason && `${detail.field ?? ''} ${detail.reason}`.trim();
    const hints: Partial<Record<string, string>> = {
      FORBIDDEN: 'the --admin user must be an active ADMIN (npm run admin:coins -- --grant-admin <id>)',
      NOT_FOUND_COUPON: 'no such coupon in the admin’s brand',
    };
    return `${error.code}: ${why || hints[error.code] || ERROR_CATALOGUE[error.code].message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

if (invokedDirectly(import.meta.url)) {
  process.exitCode = await run(process.argv.slice(2));
}
