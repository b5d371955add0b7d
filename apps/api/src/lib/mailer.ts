import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise a console transport that prints the whole message, so the
 * first administrator on a fresh machine can read their registration code in the terminal.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  print?: (text: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const print = opts.print ?? ((text: string) => process.stdout.write(text));
  return {
    async send(message) {
      print(
        [
          '',
          '──────── email (no SMTP_URL set: printed instead of sent) ────────',
          `From: ${opts.from}`,
          `To: ${message.to}`,
          `Subject: ${message.subject}`,
          '',
          message.text,
          '───────────────────────────────────────────────────────────────────',
          '',
        ].join('\n'),
      );
    },
  };
}

/** Keeps every message in memory: for tests. */
export function createMemoryMailer(): Mailer & {
  messages: MailMessage[];
  lastTo(email: string): MailMessage | undefined;
} {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    lastTo(email) {
      return [...messages].reverse().find((m) => m.to === email);
    },
  };
}
