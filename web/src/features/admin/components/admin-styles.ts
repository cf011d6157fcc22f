import { makeStyles, tokens } from '@fluentui/react-components';

/** The layout the Tenants, Users and Audit Logs tabs share. */
export const useAdminTableStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
  // Columns sized by their content: ids and details need more room than a status badge.
  table: { tableLayout: 'auto' },
  block: { display: 'block' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  wrap: { overflowWrap: 'break-word' },
});
