/**
 * The product's e-mail, as the features see it: a message and a sender. The sender is chosen by the
 * composition root (SMTP when SMTP_URL is set, else the development outbox: server/provider/delivery.ts);
 * the features (invitations, new-device notices, the step-up's codes) only send. Types only, at the bottom
 * of the stack, so every layer can take a sender without importing the provider.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the one-time code or magic link in the message (kept by the outbox so tests and demos can read it) */
  code?: string;
  link?: string;
}

/** Sends e-mail: nodemailer over SMTP_URL, or the outbox. */
export interface EmailSender {
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
}
