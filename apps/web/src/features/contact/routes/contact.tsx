// /contact — the contact form (idle, sending, sent, error), a six-item FAQ and where to reach us.
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useSendContactMessage } from '../api/send-message.ts';

export const CONTACT_FAILED_MESSAGE = 'There was an error sending your message. Please try again.';
export const CONTACT_REQUIRED_MESSAGE = 'Please fill in your name, email and message.';

const EMPTY = { name: '', email: '', subject: '', message: '' };

const FAQ = [
  {
    q: 'How do I install the tracking code?',
    a: 'Add your website in the dashboard, copy the script tag shown after creation and paste it into the head section of every page. The Overview tab has a Verify Installation button.',
  },
  {
    q: 'Will the tracking script slow down my website?',
    a: 'No. It is small, loads with defer and sends its events in the background in batches.',
  },
  {
    q: 'Does Foldline use cookies?',
    a: 'No. Visitors are counted with a daily-rotating anonymous hash, and raw IP addresses are never stored.',
  },
  {
    q: 'How long before I see useful results?',
    a: 'Data appears within seconds of the first visit, but we recommend at least 7 days of data before judging results or acting on recommendations.',
  },
  {
    q: 'Which ad units does Foldline detect?',
    a: 'With auto-detection on, ad manager ad slots on your pages are found automatically, with their size, position, impressions, viewability and clicks.',
  },
  {
    q: 'Can I delete my data?',
    a: 'Yes. You can clear one website’s data, clear all of your data or delete your account at any time from the dashboard.',
  },
] as const;

export default function ContactRoute() {
  const [form, setForm] = useState(EMPTY);
  const [missing, setMissing] = useState(false);
  const send = useSendContactMessage();

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };

  let panel;
  if (send.isSuccess) {
    panel = (
      <div className="space-y-4">
        <Alert variant="success" title="Message sent successfully">
          Thanks for reaching out! Our team will get back to you soon.
        </Alert>
        <Button variant="secondary" onClick={() => send.reset()}>
          Send another message
        </Button>
      </div>
    );
  } else if (send.isError) {
    panel = (
      <div className="space-y-4">
        <Alert variant="error" title="Error sending message">
          {CONTACT_FAILED_MESSAGE}
        </Alert>
        <Button variant="secondary" onClick={() => send.reset()}>
          Try again
        </Button>
      </div>
    );
  } else {
    panel = (
      <form onSubmit={submit} noValidate className="space-y-5">
        {missing && <Alert variant="error">{CONTACT_REQUIRED_MESSAGE}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={form.email} onChange={update('email')} />
        </div>
        <TextField label="Subject" name="subject" value={form.subject} onChange={update('subject')} />
        <TextArea label="Message" name="message" rows={4} required value={form.message} onChange={update('message')} />
        <Button type="submit" disabled={send.isPending} loading={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <title>Contact · Foldline</title>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Contact us</h1>
        <p className="mt-4 text-lg text-slate-600">Questions about Foldline, a demo for your team or help with your installation: write to us.</p>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
          <h2 id="contact-form-title" className="mb-5 text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {panel}
        </section>

        <aside aria-labelledby="contact-address-title" className="rounded-lg bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 id="contact-address-title" className="text-xl font-semibold text-slate-900">
            Contact information
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic text-slate-700">
            <p>
              Foldline Support
              <br />
              New Jersey, United States
            </p>
            <p>
              Email:{' '}
              <a href="mailto:support@foldline.io" className="font-semibold text-indigo-600 hover:text-indigo-500">
                support@foldline.io
              </a>
            </p>
            <p>We answer on business days, usually within one day.</p>
          </address>
        </aside>
      </div>

      <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
          {FAQ.map((item) => (
            <details key={item.q} className="group p-4">
              <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden focus-visible:outline-2 focus-visible:outline-indigo-600">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span aria-hidden="true" className="text-slate-500 group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-sm text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
