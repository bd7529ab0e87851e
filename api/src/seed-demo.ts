import { join } from 'node:path';
import { buildApp } from './app';
import { configFromEnv, resolveAppKey } from './config';
import { seedDemo } from './demo-data';
import { createOutboxTransport, createSmtpTransport } from './platform/mail/transport';

/** `npm run seed:demo -w api`: seeds the demo data into the configured database if it has no users. */
async function main() {
  const config = configFromEnv();
  const app = await buildApp({
    database: config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') },
    appUrl: config.appUrl,
    appKey: resolveAppKey(config.dataDir, config.appKey),
    mail: config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createOutboxTransport(config.outboxDir ?? join(config.dataDir, 'outbox')),
    docs: false,
  });
  const result = await seedDemo(app);
  await app.close();
  if (!result) {
    console.log('The database already has users; demo data not seeded.');
    return;
  }
  console.log(`Demo data seeded. Password for every demo login: ${result.password}`);
  for (const login of result.logins) console.log(`  ${login.email.padEnd(22)} ${login.role}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
