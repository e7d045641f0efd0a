// @vitest-environment jsdom
// Table cells keep to one line unless the caller says how they wrap: a cell given both `whitespace-nowrap` and
// `whitespace-normal` kept to one line (Tailwind's stylesheet order), and the Changes panel's figure names ran into the
// next column.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Table, TableBody, TableHead, Td, Th } from './table.tsx';

afterEach(cleanup);

describe('Table cells', () => {
  it('keep to one line by default, and wrap as the caller says without the default beside it', () => {
    render(
      <Table>
        <TableHead>
          <Th>Figure</Th>
          <Th className="whitespace-normal">Long heading</Th>
        </TableHead>
        <TableBody>
          <tr>
            <Td>12.5 %</Td>
            <Td className="whitespace-normal font-medium">Unit viewable impressions per 1,000 pageviews</Td>
          </tr>
        </TableBody>
      </Table>,
    );
    expect(screen.getByText('12.5 %').className).toContain('whitespace-nowrap');
    expect(screen.getByText('Figure').className).toContain('whitespace-nowrap');
    const wrapped = screen.getByText('Unit viewable impressions per 1,000 pageviews').className;
    expect(wrapped).toContain('whitespace-normal');
    expect(wrapped).not.toContain('whitespace-nowrap');
    expect(screen.getByText('Long heading').className).not.toContain('whitespace-nowrap');
  });
});
