import nodemailer from 'nodemailer';
import type { Database } from '../db/connect';
import { providerOutbox } from '../db/schema';
import type { EmailSender, OutgoingEmail } from '../mail/sender';
import type { ProviderConfig } from './config';

export type { EmailSender, OutgoingEmail };

export interface OutgoingSms {
  to: string;
  text: string;
  code?: string;
}

/** An SMS gateway (a vendor's adapter implements this); the outbox by default. */
export interface SmsGateway {
  readonly name: string;
  send(message: OutgoingSms): Promise<void>;
}

export interface Delivery {
  email: EmailSender;
  sms: SmsGateway;
  /** No real delivery: every message goes to the outbox (the only case /dev/outbox may be served). */
  outboxOnly: boolean;
}

/** The development outbox: messages stored in `provider_outbox`, shown at /dev/outbox. */
export function outboxEmail(db: Database): EmailSender {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(providerOutbox).values({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        code: message.code ?? null,
        link: message.link ?? null,
      });
    },
  };
}

export function outboxSms(db: Database): SmsGateway {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(providerOutbox).values({
        channel: 'sms',
        recipient: message.to,
        subject: null,
        text: message.text,
        code: message.code ?? null,
      });
    },
  };
}

export function smtpEmail(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** E-mail through SMTP when SMTP_URL is set, otherwise the outbox; SMS through `sms` or the outbox. */
export function createDelivery(
  db: Database,
  config: Pick<ProviderConfig, 'smtpUrl' | 'smtpFrom'>,
  sms?: SmsGateway,
): Delivery {
  const email = config.smtpUrl ? smtpEmail(config.smtpUrl, config.smtpFrom) : outboxEmail(db);
  const gateway = sms ?? outboxSms(db);
  return { email, sms: gateway, outboxOnly: email.name === 'outbox' && gateway.name === 'outbox' };
}
