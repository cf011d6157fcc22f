import {
  makeStyles,
  tokens,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type TableProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  // A wide table scrolls on its own instead of widening the page.
  wrap: {
    overflowX: 'auto',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The header cells, in column order. */
  columns: readonly ReactNode[];
  /** While the rows are being replaced: aria-busy on the scrolling wrapper. */
  busy?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/**
 * A table with one header row, in a horizontally scrolling wrapper. The wrapper is a
 * focusable region named like the table, so keyboard users can scroll a wide table
 * with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function DataTable({ columns, busy, children, ...tableProps }: DataTableProps) {
  const styles = useStyles();
  return (
    <div
      className={styles.wrap}
      aria-busy={busy}
      role="region"
      tabIndex={0}
      aria-label={tableProps['aria-label']}
      aria-labelledby={tableProps['aria-labelledby']}
    >
      <Table {...tableProps}>
        <TableHeader>
          <TableRow>
            {columns.map((column, index) => (
              <TableHeaderCell key={index}>{column}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
