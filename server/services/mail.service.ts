import nodemailer from 'nodemailer';

/** Sends plain-text e-mail; the one way the server writes to learners' inboxes. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** A mailer over SMTP (SMTP_URL), or undefined when e-mail is not configured. */
export function mailerFromConfig(mail: { smtpUrl: string; from: string } | undefined): Mailer | undefined {
  if (!mail) return undefined;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: mail.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
