import { loadConfig, ConfigError } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { buildApp } from './app.ts';
import { seedDemoIfWanted } from './seed/demo.ts';
import { startJobs } from './jobs/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      onPoolError: (err) => console.warn(`database connection error: ${err.message}`),
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(e as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let demo: Awaited<ReturnType<typeof seedDemoIfWanted>>;
  let stopJobs: () => Promise<void> = async () => {};
  try {
    demo = await seedDemoIfWanted(database, config, app.services.storage);
    stopJobs = startJobs(app);
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    // One clear line, never a stack trace; the database (and the data folder's lock) is released.
    console.error(startFailure(e, config));
    await stopJobs().catch(() => {});
    await app.close().catch(() => {});
    process.exit(1);
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `base embebida en ${config.dataDir}`;
  // One write: whoever reads "listo en" has the demo logins too.
  const ready = [`\nPanel Administrador listo en http://localhost:${(app.server.address() as { port: number }).port} (${where})`];
  if (demo) {
    ready.push('\nDatos de demostración. Ingresos:');
    for (const l of demo.logins) ready.push(`  ${l.role.padEnd(15)} ${l.email.padEnd(34)} ${l.password}`);
    ready.push('');
  }
  console.log(ready.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await stopJobs();
      await app.close(); // stops accepting, lets requests in flight finish, then closes the database
      clearTimeout(force);
      process.exit(0);
    } catch (e) {
      app.log.error(e);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function startFailure(e: unknown, config: { port: number; host: string }): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'EADDRINUSE') return `Could not start: port ${config.port} is already in use (set PORT to another one).`;
  if (err?.code === 'EADDRNOTAVAIL' || err?.code === 'ENOTFOUND') return `Could not start: cannot listen on HOST ${config.host}.`;
  if (err?.code === 'EACCES') return `Could not start: no permission to listen on port ${config.port} (PORT).`;
  return `Could not start: ${err?.message ?? String(e)}`;
}

main().catch((e: unknown) => {
  console.error(`Could not start: ${(e as Error)?.message ?? String(e)}`);
  process.exit(1);
});
