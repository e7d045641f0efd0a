// The public contact form: every message is stored, and e-mailed to CONTACT_EMAIL when it is set.
import type { ContactBody, SuccessResponse } from '@foldline/contracts';
import { insertContactMessage } from '@foldline/metadata/contact/contact.repository';
import type { FastifyInstance } from 'fastify';

export async function submitContactMessage(app: FastifyInstance, body: Required<ContactBody>): Promise<SuccessResponse> {
  const stored = await insertContactMessage(app.metadata.db, body);
  const to = app.config.contactEmail;
  if (to) {
    try {
      await app.mailer.send({
        to,
        replyTo: body.email,
        subject: `Contact form: ${body.subject || 'No subject'}`,
        text: `From: ${body.name} <${body.email}>\nSubject: ${body.subject || '(none)'}\n\n${body.message}\n`,
      });
    } catch (error) {
      // The message is stored, so the visitor's part is done; the operator finds it in contact_messages.
      app.log.error({ err: error, contactMessageId: stored.id }, 'could not e-mail a contact message');
    }
  }
  return { success: true };
}
