// @vitest-environment jsdom
// The realtime line agrees in number with its count: "1 visitor now", otherwise "visitors".
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VisitorsNow } from './live-visitors.tsx';

afterEach(cleanup);

const line = (visitors: number | undefined) => {
  const { container } = render(<VisitorsNow visitors={visitors} />);
  return container.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim();
};

describe('VisitorsNow', () => {
  it('says visitor for exactly one and visitors for none, several and many', () => {
    expect(line(1)).toBe('1 visitor now');
    expect(line(0)).toBe('0 visitors now');
    expect(line(2)).toBe('2 visitors now');
    expect(line(1204)).toBe('1,204 visitors now');
  });

  it('shows a placeholder count while the first answer loads', () => {
    expect(line(undefined)).toBe('… visitors now');
  });
});
