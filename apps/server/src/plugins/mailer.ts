// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox so nothing needs setting up.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const FROM = 'Foldline <no-reply@foldline.local>';

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const outbox = path.join(config.dataDir, 'outbox');
    app.decorate('mailer', {
      async send(mail: Mail) {
        const info = await transport.sendMail({ from: FROM, ...mail });
        if (config.smtpUrl) return;
        await mkdir(outbox, { recursive: true });
        const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
        await writeFile(file, (info as unknown as { message: Buffer }).message);
      },
    });
  },
  { name: 'mailer' },
);
