import {
  makeStyles,
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
  wrap: { overflowX: 'auto' },
});

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The header cells, in column order. */
  columns: readonly ReactNode[];
  /** While the rows are being replaced: aria-busy on the scrolling wrapper. */
  busy?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/** A table with one header row, in a horizontally scrolling wrapper. */
export function DataTable({ columns, busy, children, ...tableProps }: DataTableProps) {
  const styles = useStyles();
  return (
    <div className={styles.wrap} aria-busy={busy}>
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
