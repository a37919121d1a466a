import { onFirstUse } from '../first-use.ts';

/** nodemailer takes about 50 ms to import; a server sends its first e-mail long after it starts. */
const loadNodemailer = onFirstUse(() => import('nodemailer').then((m) => m.default));

/** Sends plain-text e-mail; the one way the server writes to learners' inboxes. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** A mailer over SMTP (SMTP_URL), or undefined when e-mail is not configured. */
export function mailerFromConfig(mail: { smtpUrl: string; from: string } | undefined): Mailer | undefined {
  if (!mail) return undefined;
  // Made by the first e-mail; a server that sent none has nothing to close.
  let made: { close(): void } | undefined;
  const transport = onFirstUse(async () => (made = (await loadNodemailer()).createTransport(mail.smtpUrl)));
  return {
    async send(message) {
      await (await transport()).sendMail({ from: mail.from, ...message });
    },
    close() {
      made?.close();
    },
  };
}
