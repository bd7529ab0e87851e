/**
 * What the guard tells people after an automatic rollback or promotion: a mail to every
 * address in OPERATOR_EMAILS (through SMTP_URL when set, else a JSON file in the API's mail
 * outbox folder, the format `npm start` prints), and the history line as JSON to
 * LAGER_ROLLOUT_WEBHOOK when set (3 tries, then a history line saying it failed).
 */
const fs = require('node:fs');
const path = require('node:path');

let sequence = 0;

function writeOutbox(dir, mail) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const created = new Date();
  sequence += 1;
  const name = `${created.getTime()}-${process.pid}-${String(sequence).padStart(6, '0')}.json`;
  const body = { ...mail, created_at: created.toISOString() };
  fs.writeFileSync(path.join(dir, name), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
}

function mailFor(line, to) {
  const what = line.action === 'auto-rollback' ? 'rolled back automatically' : 'promoted automatically';
  const subject = `Lager: ${line.remote} ${line.version} ${what}`;
  const text = `${line.remote} ${line.version} was ${what} at ${line.at}.\n\nReason: ${line.reason}\n\n${JSON.stringify(line)}\n`;
  const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>${escapeHtml(`${line.remote} ${line.version} was ${what} at ${line.at}.`)}</p><p>${escapeHtml(`Reason: ${line.reason}`)}</p>`;
  return { to, subject, text, html };
}

async function sendMails(line, { operators, smtpUrl, mailFrom, outboxDir, log }) {
  if (!operators.length) return;
  const mails = operators.map((to) => mailFor(line, to));
  if (smtpUrl) {
    const transport = require('nodemailer').createTransport(smtpUrl);
    for (const mail of mails) await transport.sendMail({ from: mailFrom ?? 'Lager <no-reply@lager.local>', ...mail });
    log(`mailed ${operators.length} operator(s) through SMTP`);
  } else {
    for (const mail of mails) writeOutbox(outboxDir, mail);
    log(`mail to ${operators.join(', ')} written to ${outboxDir}`);
  }
}

/** POSTs the line up to `tries` times; true when the hook answered 2xx. */
async function postWebhook(url, line, { tries = 3, delayMs = 1000 } = {}) {
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(line),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
    } catch {
      // Counted as a failed try.
    }
    if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
  }
  return false;
}

async function notifyOperators(line, options) {
  const log = options.log ?? (() => {});
  try {
    await sendMails(line, { ...options, log });
  } catch (error) {
    log(`mail failed: ${error.message}`);
  }
  if (!options.webhook) return;
  if (await postWebhook(options.webhook, line, options.webhookRetry)) return;
  log(`webhook ${new URL(options.webhook).host} failed 3 times`);
  await options.target.update((manifest) => ({
    manifest,
    history: {
      at: new Date().toISOString(),
      actor: 'rollout-guard',
      remote: line.remote,
      version: line.version,
      action: 'guard-webhook-failed',
      command: 'guard-webhook-failed',
      reason: `LAGER_ROLLOUT_WEBHOOK did not accept the ${line.action} line after 3 tries`,
    },
  }));
}

module.exports = { notifyOperators };
