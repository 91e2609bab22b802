import nodemailer from 'nodemailer';

export type OutgoingEmail = { to: string; from: string; subject: string; text: string; html?: string | null };

const transports = new Map<string, nodemailer.Transporter>();

/** Sends one email through an SMTP server given as a URL (smtp[s]://user:pass@host:port). */
export async function sendSmtp(smtpUrl: string, email: OutgoingEmail): Promise<void> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  await transport.sendMail({ ...email, html: email.html ?? undefined });
}
