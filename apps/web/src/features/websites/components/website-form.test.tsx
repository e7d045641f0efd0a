// @vitest-environment jsdom
// Component tests of the website form: validation on submit, fallbacks, and edit mode's read-only domain.
import type { Website } from '@foldline/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebsiteForm } from './website-form.tsx';

afterEach(cleanup);

const website: Website = {
  website_id: 'w1',
  name: 'Shop',
  domain: 'shop.example.org',
  status: 'active',
  timezone: 'UTC',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tracking_code: 'fl_x',
  tracking_script: '<script></script>',
  is_demo: false,
  settings: {
    thresholds: { engagement: 2000, scrollDepth: 70, viewability: 50, viewTime: 1000 },
    preference: { collectClickData: true, collectScrollData: true, collectEngagementData: true, autoDetectAdUnits: true },
  },
};

function renderForm(props: Partial<Parameters<typeof WebsiteForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(<WebsiteForm submitLabel="Create Website" pendingLabel="Creating..." isPending={false} onSubmit={onSubmit} {...props} />);
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Website' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('WebsiteForm', () => {
  it('shows the required message and does not submit without name and domain', () => {
    const onSubmit = renderForm();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Name and domain are required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the domain message for a malformed domain, then submits once it is valid', () => {
    const onSubmit = renderForm();
    type('Website Name', 'Blog');
    type('Domain', 'blog');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid domain name (e.g., example.com)');
    type('Domain', 'blog.example.com');
    type('Timezone', 'Europe/London');
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Blog',
      domain: 'blog.example.com',
      timezone: 'Europe/London',
      status: 'active',
      engagementThreshold: '2000',
      scrollDepthThreshold: '70',
    });
  });

  it('makes the domain read-only with its note in edit mode', () => {
    renderForm({ website });
    const domain = screen.getByLabelText('Domain') as HTMLInputElement;
    expect(domain.readOnly).toBe(true);
    expect(domain.value).toBe('shop.example.org');
    expect(screen.getByText('Domain cannot be changed after website creation')).toBeTruthy();
  });

  it('shows the pending label and disables the button while saving', () => {
    renderForm({ isPending: true });
    const button = screen.getByRole('button', { name: 'Creating...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
