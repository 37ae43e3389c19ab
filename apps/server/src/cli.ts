import { parseArgs } from 'node:util';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { backupSqlite, BackupError, pgDumpCommand } from './db/backup.js';
import { systemClock } from './domain/clock.js';
import { signHostToken } from './domain/tokens.js';
import { createServices, serviceOptions } from './services/index.js';

const USAGE = `Yanzhi Arena admin

Usage: npm run admin -- <command>

  migrate                                  bring the database schema up to date
  backup <file>                            copy the SQLite database (safe while the server
                                           runs) and check the copy; PostgreSQL: see README
  categories list                          list every category
  categories add <slug> <中文名> <English>  add a category (or rename it) [--order N]
  categories disable <slug>                hide a category from the app (photos are kept)
  categories enable <slug>                 show it again
  arena refit                              run the rating refit of every category now
  demo seed                                create the missing demo photos
  demo remove                              delete every demo photo, file and demo account
  moderation queue [page]                  reported photos awaiting review: each report's
                                           reporter, neighbourhood, address and standing
  moderation decide <photo_id> <keep|remove|ban> [--reason text]
                                           decide on a reported photo (logged)
  moderation unban <user_id> [--reason text]
                                           lift a ban: the account signs in again and the
                                           photos the ban took down return (logged)
  users role <user_id> <user|moderator|admin>
                                           grant or take away a role
  host-token <host_user_id> [--name N] [--hours H]
                                           print a host-signed token (host integration)

Configuration comes from the same environment variables as the server (see README).`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `backup <file>`: never migrates or writes the live database, so it is safe at any time. */
async function backup(config: Config, target: string | undefined): Promise<void> {
  if (!target) fail('backup needs <file>, e.g. backup backups/yanzhi-2026-11-21.db');
  if (config.database.kind === 'postgres') {
    console.error('DATABASE_URL is PostgreSQL: nothing was copied. Back it up with pg_dump:');
    process.stdout.write(`${pgDumpCommand(target)}\n`);
    process.exit(3);
  }
  try {
    const result = await backupSqlite(config.database.file, target);
    process.stdout.write(
      `${JSON.stringify({ ...result, integrity: 'ok', megabytes: +(result.bytes / 1e6).toFixed(1) }, null, 2)}\n`,
    );
  } catch (error) {
    if (error instanceof BackupError) fail(`backup failed: ${error.message}`);
    throw error;
  }
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      order: { type: 'string' },
      name: { type: 'string' },
      hours: { type: 'string', default: '24' },
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, sub, ...rest] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const config = loadConfig();
  if (command === 'backup') return backup(config, sub);
  const { database, hostTokenSecret } = await prepare(config);
  const services = createServices(database.db, systemClock, {
    ...serviceOptions(config, hostTokenSecret),
    settle: database.settle,
    reader: database.address,
  });
  // The same category set-up as the server's start, so a first CLI run sees the defaults too.
  await services.categories.applyConfiguration(config.categories);
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

  try {
    switch (`${command} ${sub ?? ''}`.trim()) {
      case 'migrate':
        print({ migrated: true });
        break;
      case 'categories list':
        print(await services.categories.listAll());
        break;
      case 'categories add': {
        const [slug, name, nameEn] = rest;
        if (!slug || !/^[a-z0-9-]{1,32}$/.test(slug) || !name || !nameEn) {
          fail('categories add needs <slug (a-z, 0-9, -)> <中文名> <English name>');
        }
        const order = values.order === undefined ? undefined : Number(values.order);
        if (order !== undefined && !Number.isInteger(order)) fail('--order must be a whole number');
        print(await services.categories.save({ slug, name, name_en: nameEn, sort_order: order }));
        break;
      }
      case 'categories disable':
      case 'categories enable': {
        const [slug] = rest;
        if (!slug) fail(`categories ${sub ?? ''} needs <slug>`);
        const changed = await services.categories.setActive(slug, sub === 'enable');
        if (!changed) fail(`no category with slug "${slug}"`);
        print({ slug, active: sub === 'enable' });
        break;
      }
      case 'arena refit': {
        const summaries = await services.refit.refitAll();
        if (summaries === null) fail('another process is refitting now; try again later');
        print(summaries);
        break;
      }
      case 'demo seed': {
        const created = await services.demo.seed(config.demoPhotosPerCategory);
        await services.refit.refitAll();
        print({ created });
        break;
      }
      case 'demo remove':
        print(await services.demo.remove());
        break;
      case 'moderation queue':
        print(await services.moderation.queue(null, Number(rest[0] ?? 1)));
        break;
      case 'moderation decide': {
        const [id, decision] = rest;
        if (
          !id ||
          !/^\d+$/.test(id) ||
          (decision !== 'keep' && decision !== 'remove' && decision !== 'ban')
        ) {
          fail('moderation decide needs <photo_id> <keep|remove|ban> [--reason text]');
        }
        print(
          await services.moderation.decide(null, {
            photo_id: Number(id),
            decision,
            reason: values.reason ?? null,
          }),
        );
        break;
      }
      case 'moderation unban': {
        const [id] = rest;
        if (!id || !/^[1-9]\d{0,14}$/.test(id)) {
          fail('moderation unban needs <user_id> [--reason text]');
        }
        print(
          await services.moderation.unban(null, {
            target_user_id: Number(id),
            reason: values.reason ?? null,
          }),
        );
        break;
      }
      case 'users role': {
        const [id, role] = rest;
        if (
          !id ||
          !/^\d+$/.test(id) ||
          (role !== 'user' && role !== 'moderator' && role !== 'admin')
        ) {
          fail('users role needs <user_id> <user|moderator|admin>');
        }
        const changed = await services.users.setRole(Number(id), role, systemClock.now());
        if (!changed) fail(`no user with id ${id}`);
        print({ id: Number(id), role });
        break;
      }
      default:
        if (command === 'host-token' && sub) {
          const hours = Number(values.hours);
          if (!Number.isFinite(hours) || hours <= 0) fail('--hours must be a positive number');
          const exp = Math.floor(systemClock.now() / 1000 + hours * 3600);
          const payload = values.name ? { sub, name: values.name, exp } : { sub, exp };
          process.stdout.write(`${signHostToken(payload, hostTokenSecret)}\n`);
          break;
        }
        fail(`Unknown command "${positionals.join(' ')}".\n\n${USAGE}`);
    }
  } finally {
    await services.close();
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
