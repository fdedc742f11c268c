import { parseArgs } from 'node:util';
import { AdminAccountInput, AppError, BRANDS, DEFAULT_BRAND_ID, ERROR_CATALOGUE } from '@balcony/contracts';
import { systemContext } from '../context.js';
import type { Database } from '../db/client.js';
import * as accounts from '../modules/admin/accounts.js';
import { type CliDeps, invokedDirectly, openCliSession } from './database.js';

// `npm run admin`: the console's admins from a shell (issue 15 item 2), through the same service
// as the console's OWNER screen, so each change is audited alike. A new admin's password and TOTP
// secret are printed this once.
//
//   npm run admin -- create --email ana@example.com --name "Ana" --role CONTENT [--role SUPPORT] [--brand delitoon-fr]
//   npm run admin -- disable --email ana@example.com
//   npm run admin -- enable --email ana@example.com
//   npm run admin -- list
//
// Exit code 0 when done, 1 on any error.

const USAGE = `usage:
  npm run admin -- create --email <e-mail> --name "<name>" --role OWNER|CONTENT|SUPPORT|FINANCE [--role …] [--brand <id> …]
  npm run admin -- disable --email <e-mail>     (ends their sessions at once)
  npm run admin -- enable --email <e-mail>
  npm run admin -- list
Without --brand an admin may act in every brand.`;

class UsageError extends Error {}

function optionsOf(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      brand: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** Runs one command; answers the exit code. Messages go to `out` (results) and `err`. */
export async function run(argv: string[], deps: CliDeps = {}): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  let parsed: ReturnType<typeof optionsOf>;
  try {
    parsed = optionsOf(argv);
  } catch (error) {
    err(`error: ${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values: options, positionals } = parsed;
  const command = positionals[0];
  if (options.help || command === undefined) {
    (options.help ? out : err)(USAGE);
    return options.help ? 0 : 1;
  }

  let database: Database | undefined;
  try {
    if (!['create', 'disable', 'enable', 'list'].includes(command)) {
      throw new UsageError(`unknown command ${command}: create, disable, enable or list`);
    }
    const input =
      command === 'create'
        ? AdminAccountInput.safeParse({
            email: options.email,
            name: options.name,
            roles: options.role ?? [],
            brandIds: options.brand ?? [],
          })
        : null;
    if (input && !input.success) {
      throw new UsageError(input.error.issues.map((i) => `--${String(i.path[0] ?? '')}: ${i.message}`).join('; '));
    }
    if ((command === 'disable' || command === 'enable') && !options.email) throw new UsageError('--email is required');

    const session = await openCliSession(deps);
    database = session.database;
    const ctx = systemContext(database.db, session.services, BRANDS[DEFAULT_BRAND_ID], session.log);
    if (command === 'list') {
      for (const a of await accounts.listAccounts(ctx)) {
        const brands = a.brandIds.length === 0 ? 'all brands' : a.brandIds.join(',');
        out(`${a.id}\t${a.email}\t${a.name}\t${a.roles.join(',')}\t${brands}\t${a.status}`);
      }
      return 0;
    }
    if (input?.success) {
      const created = await accounts.createAccount(ctx, session.services.totp, input.data, null, 'cli');
      out(`created admin ${created.account.id} ${created.account.email} (${created.account.roles.join(', ')})`);
      out(`password: ${created.password}`);
      out(`TOTP secret: ${created.totpSecret}`);
      out(`TOTP URI: ${created.totpUri}`);
      out('These are shown once: hand them over in person or through a password manager.');
      return 0;
    }
    const email = options.email ?? '';
    const found = await accounts.findByEmail(ctx, email.trim().toLowerCase());
    if (!found) throw new UsageError(`no admin ${email}`);
    const changed = await accounts.setStatus(ctx, found.id, command === 'disable' ? 'DISABLED' : 'ACTIVE', null);
    out(`admin ${changed.id} ${changed.email} is ${changed.status}`);
    return 0;
  } catch (error) {
    err(`error: ${messageOf(error)}`);
    return 1;
  } finally {
    if (database && !deps.database) await database.close();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof AppError) {
    const detail = error.details as { reason?: string; unknown?: string[] } | string | undefined;
    const why =
      typeof detail === 'string' ? detail : (detail?.reason ?? (detail?.unknown && `unknown brands ${detail.unknown}`));
    return `${error.code}: ${why ?? ERROR_CATALOGUE[error.code].message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

if (invokedDirectly(import.meta.url)) {
  process.exitCode = await run(process.argv.slice(2));
}
