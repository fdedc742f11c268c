import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  AdminAdjustmentRequest,
  AppError,
  BRANDS,
  type BrandConfig,
  DEFAULT_BRAND_ID,
  ERROR_CATALOGUE,
  getBrand,
  IdParam,
} from '@balcony/contracts';
import { systemContext } from '../context.js';
import type { Database } from '../db/client.js';
import { actingAdmin } from '../modules/admin/accounts.js';
import { adjustCoins } from '../modules/admin/service.js';
import * as users from '../modules/users/service.js';
import { type CliDeps, type CliSession, invokedDirectly, openCliSession } from './database.js';

// `npm run admin:coins`: the admin coin adjustment of the API (POST /api/v1/admin/coins/adjust)
// from a shell, through the same service, so it is checked, keyed and audited alike. It acts as
// the console admin (FINANCE or OWNER) whose e-mail --admin gives (or ADMIN_EMAIL), in the brand
// of the member adjusted.
//
//   npm run admin:coins -- --user 42 --type BONUS --amount 50 --reason "Apology for the outage" \
//     [--valid-days 30] [--key <idempotency key>] --admin finance@example.com
//
// Exit code 0 when done (also for a retried key, which changes nothing), 1 on any error.

const USAGE = `usage:
  npm run admin:coins -- --user <id> --type COIN|FREE_COIN|BONUS|MILEAGE --amount <+charge|-deduct>
                         --reason "<why>" [--valid-days <days>] [--key <key>] --admin <admin e-mail>
--admin may come from ADMIN_EMAIL. Without --key a new key is made and printed: pass it again to retry safely.`;

class UsageError extends Error {}

function idOf(value: string | undefined, option: string): number {
  const parsed = IdParam.safeParse(value);
  if (!parsed.success) throw new UsageError(`${option} must be a user id (a positive whole number)`);
  return parsed.data;
}

/** `--amount -50` as `--amount=-50`, so that a negative number is read as the option's value. */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

function optionsOf(argv: string[]) {
  const { values } = parseArgs({
    args: joinNegativeValues(argv),
    strict: true,
    allowPositionals: false,
    options: {
      user: { type: 'string' },
      type: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      'valid-days': { type: 'string' },
      key: { type: 'string' },
      admin: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return values;
}

/** Runs one command; answers the exit code. Messages go to `out` (results) and `err`. */
export async function run(argv: string[], deps: CliDeps = {}): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  let options: ReturnType<typeof optionsOf>;
  try {
    options = optionsOf(argv);
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
    const generatedKey = options.key === undefined;
    const parsed = AdminAdjustmentRequest.safeParse({
      userId: idOf(options.user, '--user'),
      coinType: options.type,
      amount: Number(options.amount ?? Number.NaN),
      reason: options.reason,
      idempotencyKey: options.key ?? randomUUID(),
      ...(options['valid-days'] !== undefined && { validDays: Number(options['valid-days']) }),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${cliName(String(i.path[0] ?? ''))}: ${i.message}`);
      throw new UsageError(problems.join('; '));
    }
    const input = parsed.data;
    const session = await openCliSession(deps);
    database = session.database;
    const base = systemContext(database.db, session.services, await brandOf(session, input.userId), session.log);
    const result = await adjustCoins(await actingAdmin(base, adminEmail, ['FINANCE']), input);
    const verb = input.amount > 0 ? 'charged' : 'deducted';
    out(
      result.applied
        ? `${verb} ${Math.abs(input.amount)} ${input.coinType} for user ${input.userId} (${base.brand.id})`
        : `key ${input.idempotencyKey} was already applied: nothing changed`,
    );
    if (generatedKey) out(`key: ${input.idempotencyKey} (pass --key ${input.idempotencyKey} to retry safely)`);
    out(JSON.stringify(result));
    return 0;
  } catch (error) {
    err(`error: ${messageOf(error)}`);
    if (error instanceof UsageError) err(USAGE);
    return 1;
  } finally {
    if (database && !deps.database) await database.close();
  }
}

const CLI_NAMES: Record<string, string> = {
  userId: '--user',
  coinType: '--type',
  amount: '--amount',
  reason: '--reason',
  idempotencyKey: '--key',
  validDays: '--valid-days',
};
const cliName = (field: string) => CLI_NAMES[field] ?? field;

function messageOf(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof AppError) {
    const detail = error.details as { reason?: string } | string | undefined;
    const why = typeof detail === 'string' ? detail : detail?.reason;
    const hints: Partial<Record<string, string>> = {
      FORBIDDEN: 'the --admin e-mail must be an active console admin with FINANCE or OWNER (npm run admin -- list)',
      NOT_FOUND_USER: 'no such member (or withdrawn)',
      COIN_INSUFFICIENT: 'the member has fewer coins of this type than the deduction',
    };
    return `${error.code}: ${why ?? hints[error.code] ?? ERROR_CATALOGUE[error.code].message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The brand the command acts in: the member's. */
async function brandOf(session: CliSession, userId: number): Promise<BrandConfig> {
  const lookup = systemContext(session.database.db, session.services, BRANDS[DEFAULT_BRAND_ID], session.log);
  const row = await users.findById(lookup, userId);
  const brand = row ? getBrand(row.brandId) : undefined;
  if (!row || !brand) throw new AppError('NOT_FOUND_USER', `user ${userId} does not exist`);
  return brand;
}

if (invokedDirectly(import.meta.url)) {
  process.exitCode = await run(process.argv.slice(2));
}
