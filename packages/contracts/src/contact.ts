// The public contact form and the docs helpfulness vote.
import { z } from 'zod';

export const contactBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().min(1, 'Email is required').max(320).email('Please enter a valid email address'),
  subject: z.string().trim().max(300).default(''),
  message: z.string().trim().min(1, 'Message is required').max(10_000),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const DOC_SECTIONS = [
  'introduction',
  'getting-started',
  'website-management',
  'dashboard-features',
  'heatmap-visualization',
  'ad-unit-management',
  'recommendations',
  'advanced-settings',
  'troubleshooting',
  'faqs',
] as const;
export const docVoteBodySchema = z.object({ section: z.enum(DOC_SECTIONS), helpful: z.boolean() });
export type DocVoteBody = z.infer<typeof docVoteBodySchema>;
