import { FluentProvider, TableCell, TableRow, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { DataTable } from './DataTable';
import { FormMessage } from './FormMessage';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

function renderUi(node: ReactNode) {
  initI18n();
  return render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);
}

afterEach(cleanup);

describe('FormMessage', () => {
  it('announces a failure as an alert and shows a success without one', () => {
    renderUi(
      <>
        <FormMessage intent="error" testId="failed" message="Could not save." />
        <FormMessage intent="success" testId="saved" message="Saved." />
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not save.');
    expect(screen.getByTestId('failed').textContent).toBe('Could not save.');
    expect(screen.getByTestId('saved').textContent).toBe('Saved.');
    expect(screen.getByTestId('saved').getAttribute('role')).toBe('group');
  });

  it('renders nothing without a message', () => {
    renderUi(<FormMessage intent="error" testId="failed" message={null} />);
    expect(screen.queryByTestId('failed')).toBeNull();
  });
});

describe('TextField', () => {
  it('labels the input, passes typed text on and shows its message', () => {
    const onChange = vi.fn();
    renderUi(<TextField label="Username" required value="" onChange={onChange} validationMessage="Too short." />);
    const input = screen.getByRole('textbox', { name: /Username/ });
    expect((input as HTMLInputElement).required).toBe(true);
    fireEvent.change(input, { target: { value: 'ada' } });
    expect(onChange).toHaveBeenCalledWith('ada');
    expect(screen.getByText('Too short.')).toBeTruthy();
  });
});

describe('SubmitButton', () => {
  it('submits its form, and is disabled while busy', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = renderUi(
      <form onSubmit={onSubmit}>
        <SubmitButton busy={false}>Save</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <form onSubmit={onSubmit}>
          <SubmitButton busy>Save</SubmitButton>
        </form>
      </FluentProvider>,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DataTable', () => {
  it('heads the rows with the columns and marks a reload busy', () => {
    renderUi(
      <DataTable aria-label="People" columns={['Name', 'Email']} busy>
        <TableRow>
          <TableCell>Ada</TableCell>
          <TableCell>ada@example.fi</TableCell>
        </TableRow>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email']);
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeTruthy();
    expect(table.parentElement?.getAttribute('aria-busy')).toBe('true');
  });

  it('scrolls in a focusable region named like the table, for keyboard users', () => {
    renderUi(
      <DataTable aria-label="People" columns={['Name']}>
        <TableRow>
          <TableCell>Ada</TableCell>
        </TableRow>
      </DataTable>,
    );
    const region = screen.getByRole('region', { name: 'People' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table', { name: 'People' }))).toBe(true);
  });
});
