// Shapes shared by every part of the API: ids, errors, constants of the specification's section 9.
import { z } from 'zod';

export const idSchema = z.string().uuid('Invalid id');

export const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const MIN_PASSWORD_LENGTH = 8;

/** Period keys and their lengths in hours (DESIGN.md: ending now; the previous period is the same length before). */
export const PERIOD_HOURS = { day: 24, week: 24 * 7, month: 24 * 30, quarter: 24 * 90, year: 24 * 365 } as const;
export const periodSchema = z.enum(['day', 'week', 'month', 'quarter', 'year']);
export type Period = z.infer<typeof periodSchema>;

export const deviceTypeSchema = z.enum(['desktop', 'tablet', 'mobile']);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** Device class from viewport width (DESIGN.md). */
export function deviceFromViewportWidth(width: number): DeviceType {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/** Heatmap reference widths. */
export const REFERENCE_WIDTHS: Record<DeviceType, number> = { mobile: 375, tablet: 768, desktop: 1920 };

export const SAMPLE_AD_FORMATS = ['728x90', '300x250', '336x280', '970x90', '320x50', '160x600'] as const;

/** A whole number in a query string, within bounds, with a message that names the parameter. */
export const countParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${name} must be a whole number from ${min} to ${max}` })
    .default(String(fallback))
    .refine((value) => /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number);
